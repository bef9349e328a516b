export * from './test-environment.util';
export * from './wait-until.util';
