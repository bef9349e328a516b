import {
  livefeedMessage,
  type LivefeedMessage,
  type LivefeedPublishedMessage,
  type LivefeedSiteCounts,
} from '@app/contracts';

// A live message as one socket receives it: numbered in its site's sequence, with the user's counts.

export function withSeq(message: LivefeedMessage, seq: number | null): LivefeedMessage {
  return seq === null ? message : { ...message, seq };
}

/** The published text with `seq` added, without parsing it again (it is a JSON object: the bridge parsed it). */
export function withSeqText(text: string, seq: number | null): string {
  if (seq === null) return text;
  const body = text.trimEnd();
  return `${body.slice(0, -1)},"seq":${seq}}`;
}

/** LogEvent and NotificationEvent carry the receiving user's counts for their site. */
export function needsCounts(
  message: LivefeedPublishedMessage,
): message is Extract<LivefeedPublishedMessage, { type: 'LogEvent' | 'NotificationEvent' }> {
  return message.type === 'LogEvent' || message.type === 'NotificationEvent';
}

/** The published message with one user's counts, as that user's sockets receive it. */
export function withCounts(message: LivefeedPublishedMessage, counts: LivefeedSiteCounts): LivefeedMessage {
  if (message.type === 'LogEvent') {
    const { hwaddr, category, title, id, networkId, date, location, eventCategory, test, receivedAt } = message.data;
    return livefeedMessage('LogEvent', {
      hwaddr,
      category,
      title,
      id,
      networkId,
      date,
      location,
      eventCategory,
      test,
      receivedAt,
      ...counts,
    });
  }
  if (message.type === 'NotificationEvent')
    return livefeedMessage('NotificationEvent', { ...message.data, unreadCount: counts.unreadCount });
  return message as LivefeedMessage;
}
