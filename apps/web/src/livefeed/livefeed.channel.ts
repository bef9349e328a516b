import { LIVEFEED_PATH, parseLivefeedFrame, type LivefeedMessage, type LivefeedServerMessageMap } from '@app/contracts';
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { LiveGapTracker, type LiveGap } from './live-gaps.util';

export type LogEventData = LivefeedServerMessageMap['LogEvent'];
export type RuntimeData = LivefeedServerMessageMap['Runtime'];
export type AlarmData = LivefeedServerMessageMap['Alarm'];

/** What the live feed socket tells the saga; bursts of LogEvents, Runtimes and Alarms come as one batch each. */
export type FeedSignal =
  | { kind: 'open' }
  | { kind: 'close'; code: number; reason: string }
  | { kind: 'message'; message: Exclude<LivefeedMessage, { type: 'LogEvent' | 'Heartbeat' | 'Runtime' | 'Alarm' }> }
  | { kind: 'logEvents'; events: LogEventData[] }
  /** The latest report of each network that reported in the burst. */
  | { kind: 'runtimes'; reports: RuntimeData[] }
  /** The latest state of each alarm that changed in the burst. */
  | { kind: 'alarms'; alarms: AlarmData[] }
  /** Sites that missed live messages (a skipped number, a Heartbeat ahead): to be fetched again at once. */
  | { kind: 'gaps'; gaps: LiveGap[] }
  /** The socket's first Heartbeat: the server hears the socket's sites for it from now on. */
  | { kind: 'listening' };

/** LogEvents (and Runtimes, and Alarms) arriving within this many ms reach the store as one action each (one re-render). */
export const LOG_EVENT_BATCH_MS = 50;

/** ws or wss to match the page (spec 7). */
export function livefeedUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVEFEED_PATH}`;
}

export function openLivefeedSocket(url: string): WebSocket {
  return new WebSocket(url);
}

/**
 * Buffered: whatever arrives while the saga is busy handling a signal waits for it, the close included.
 * Every message is checked for gaps as it arrives (LiveGapTracker, one per socket); Heartbeats go
 * no further, but the first one says the socket is listening.
 */
export function livefeedChannel(socket: WebSocket): EventChannel<FeedSignal> {
  return eventChannel<FeedSignal>((emit) => {
    const tracker = new LiveGapTracker();
    let listening = false;
    let batch: LogEventData[] = [];
    // By site and network: a report replaces the whole runtime of its network, so only the latest counts.
    let runtimes = new Map<string, RuntimeData>();
    // By alarm: each message carries the whole alarm after its change, so only the latest counts.
    let alarms = new Map<number, AlarmData>();
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const flushRuntimes = () => {
      if (runtimes.size === 0) return;
      const reports = [...runtimes.values()];
      runtimes = new Map();
      emit({ kind: 'runtimes', reports });
    };
    const flush = () => {
      flushTimer = undefined;
      if (batch.length > 0) {
        const events = batch;
        batch = [];
        emit({ kind: 'logEvents', events });
      }
      flushRuntimes();
      if (alarms.size > 0) {
        const changed = [...alarms.values()];
        alarms = new Map();
        emit({ kind: 'alarms', alarms: changed });
      }
    };
    socket.onopen = () => emit({ kind: 'open' });
    socket.onclose = (event) => {
      flush();
      emit({ kind: 'close', code: event.code, reason: event.reason });
    };
    const handle = (message: LivefeedMessage) => {
      const gaps =
        message.type === 'Heartbeat'
          ? tracker.heartbeat(message.data)
          : [tracker.message(message)].filter((gap) => gap !== null);
      if (gaps.length > 0) {
        // What came before the gap reaches the store first.
        flush();
        emit({ kind: 'gaps', gaps });
      }
      if (message.type === 'Heartbeat') {
        if (!listening) emit({ kind: 'listening' });
        listening = true;
        return;
      }
      if (message.type === 'LogEvent') {
        batch.push(message.data);
        flushTimer ??= setTimeout(flush, LOG_EVENT_BATCH_MS);
        return;
      }
      if (message.type === 'Runtime') {
        runtimes.set(`${message.data.hwaddr}/${message.data.networkId}`, message.data);
        flushTimer ??= setTimeout(flush, LOG_EVENT_BATCH_MS);
        return;
      }
      if (message.type === 'Alarm') {
        // Not flushed before later messages as reports are: no other message changes an alarm.
        alarms.set(message.data.alarm.id, message.data);
        flushTimer ??= setTimeout(flush, LOG_EVENT_BATCH_MS);
        return;
      }
      // Reports that came first reach the store first: a Connection that follows them must not be undone.
      flushRuntimes();
      emit({ kind: 'message', message });
    };
    // One message per frame, or the messages of one emit window in one (the token asks for batches).
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      for (const message of parseLivefeedFrame(event.data)) handle(message);
    };
    return () => {
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      socket.onopen = socket.onclose = socket.onmessage = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
    };
  }, buffers.expanding(16));
}
