import { REASON_MAX_LENGTH } from '../protocol.constants';
import { ProtocolError } from '../protocol-error';
import { InvalidFieldError } from './field-reader.util';
import type { RefusalSubject, RefusedMessage } from './panel-link-messages.types';
import { truncateText } from './panel-text.util';

/**
 * A well-identified message (an event with its seq, a snapshot with its id, a report with its
 * network) whose content fails a check. Closing the connection for it would only make the panel
 * resend it first after every reconnect, for ever; the gateway answers `refused` and goes on.
 * A caller that knows nothing of refusals still sees an 'invalid-message' ProtocolError.
 */
export class MessageRefusedError extends ProtocolError {
  constructor(readonly refusal: RefusedMessage) {
    super('invalid-message', `${refusal.field} ${refusal.reason}`);
  }
}

/** The refused message as people read it in logs: `event 5`, `snapshot 3`, `runtime report of network 2`. */
export function describeRefusalSubject(subject: RefusalSubject): string {
  if (subject.message === 'event') return `event ${subject.seq}`;
  if (subject.message === 'config') return `snapshot ${subject.id}`;
  return `runtime report of network ${subject.networkId}`;
}

/** The refused frame for one message. */
export function refusalOf(subject: RefusalSubject, field: string, reason: string): RefusedMessage {
  return { type: 'refused', ...subject, field, reason: truncateText(reason, REASON_MAX_LENGTH) };
}

/** Reads the rest of an identified message; a bad field refuses the message instead of closing. */
export function readRefusable<M>(subject: RefusalSubject, read: () => M): M {
  try {
    return read();
  } catch (error) {
    if (error instanceof InvalidFieldError)
      throw new MessageRefusedError(refusalOf(subject, error.field, error.problem));
    throw error;
  }
}
