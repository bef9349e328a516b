import type { ConsumerKey, KeyedSubjectKey, PartitionedConsumerKey, SubjectKey } from './message-handler.decorators';

export const MESSAGE_HANDLERS_OPTIONS = Symbol('MESSAGE_HANDLERS_OPTIONS');

/**
 * What an app handles: each durable consumer and each subject here must have exactly one declared
 * handler, and every declared handler must name one of them, or the app refuses to start.
 */
export interface MessageHandlersOptions {
  consumers?: ReadonlyArray<ConsumerKey | PartitionedConsumerKey>;
  subjects?: ReadonlyArray<SubjectKey | KeyedSubjectKey>;
  /**
   * Of `subjects`, those answered (@RespondTo, @RespondToEach); when given, a subject outside it may
   * only be heard (@Subscribe), and each consumer must read the stream NATS_CONSUMER_STREAMS names:
   * what the app's NATS user is allowed (forApp).
   */
  answers?: ReadonlyArray<SubjectKey | KeyedSubjectKey>;
}
