export * from './notification-draft.types';
export * from './notifications-writer.service';
export * from './notifications-writer.module';
