import type { ConsumerKey, KeyedSubjectKey, PartitionedConsumerKey, SubjectKey } from './message-handler.decorators';

export const MESSAGE_HANDLERS_OPTIONS = Symbol('MESSAGE_HANDLERS_OPTIONS');

/**
 * What an app handles: each durable consumer and each subject here must have exactly one declared
 * handler, and every declared handler must name one of them, or the app refuses to start.
 */
export interface MessageHandlersOptions {
  consumers?: Array<ConsumerKey | PartitionedConsumerKey>;
  subjects?: Array<SubjectKey | KeyedSubjectKey>;
}
