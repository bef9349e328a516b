export * from './test-isolation.util';
