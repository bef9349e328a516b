export * from './test-environment.util';
