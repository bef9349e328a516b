export * from './config-error';
export * from './env-readers';
export * from './config-sections';
export * from './consumer-config';
export * from './load-or-exit';
export * from './pem-file.util';
export * from './vapid-keys.config';
