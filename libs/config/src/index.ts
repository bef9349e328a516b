export * from './config-error';
export * from './env-readers';
export * from './config-sections';
export * from './load-or-exit';
