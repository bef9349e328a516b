import { ALARM_MESSAGES, type AlarmDetailDto, type AlarmDto, type AlarmTimelineEntry } from '@app/contracts';
import { jsonResponse } from './fetch-mock.util';
import type { Answer } from './render-app.util';

export const ALARM_SITE = '0011aabbccdd';

/** An active fault alarm of network 1 of ALARM_SITE, nobody acknowledged, changed as given. */
export function alarmOf(id: number, overrides: Partial<AlarmDto> = {}): AlarmDto {
  return {
    id,
    hwaddr: ALARM_SITE,
    kind: 'fault',
    networkId: 1,
    title: 'Zone fault',
    location: 'Stores',
    openedAt: '2026-11-28T10:00:00.000Z',
    lastEventAt: '2026-11-28T10:00:00.000Z',
    events: 1,
    acknowledgement: null,
    clearedAt: null,
    clearReason: null,
    ...overrides,
  };
}

/**
 * The alarms API as portal-api answers it for one user: the list, an alarm with its timeline, and
 * the acknowledgement (by `userName`, at `now`), refused as the API refuses it. Acknowledgements
 * are recorded with their bodies. Other paths are not its: it answers undefined.
 */
export class FakeAlarmsApi {
  readonly acknowledgements: Array<{ id: number; body: unknown }> = [];
  userName = 'Erin Engineer';
  now = '2026-11-28T10:05:00.000Z';
  /** Answers an acknowledgement instead of the fake, when it returns one. */
  refuse: (id: number) => Response | undefined = () => undefined;

  constructor(public alarms: AlarmDto[] = []) {}

  timeline(alarm: AlarmDto): AlarmTimelineEntry[] {
    const entries: AlarmTimelineEntry[] = [{ change: 'opened', at: alarm.openedAt, by: null, text: alarm.title }];
    if (alarm.events > 1) entries.push({ change: 'event', at: alarm.lastEventAt, by: null, text: alarm.title });
    if (alarm.acknowledgement)
      entries.push({
        change: 'acknowledged',
        at: alarm.acknowledgement.at,
        by: alarm.acknowledgement.by,
        text: alarm.acknowledgement.note,
      });
    if (alarm.clearedAt)
      entries.push({ change: 'cleared', at: alarm.clearedAt, by: null, text: alarm.clearReason ?? '' });
    return entries;
  }

  readonly answer: Answer = (path, init) => {
    if (path === '/api/v2/alarms') return jsonResponse(200, 'OK', { alarms: this.alarms });
    const match = /^\/api\/v2\/alarms\/(\d+)(\/acknowledge)?$/.exec(path);
    if (!match) return undefined;
    const id = Number(match[1]);
    const alarm = this.alarms.find((candidate) => candidate.id === id);
    if (!match[2]) {
      if (!alarm) return jsonResponse(404, 'Not Found', { err: ALARM_MESSAGES.notFound });
      const detail: AlarmDetailDto = { ...alarm, timeline: this.timeline(alarm) };
      return jsonResponse(200, 'OK', detail);
    }
    const body: unknown = JSON.parse(String(init?.body ?? '{}'));
    this.acknowledgements.push({ id, body });
    const refused = this.refuse(id);
    if (refused) return refused;
    if (!alarm) return jsonResponse(404, 'Not Found', { err: ALARM_MESSAGES.notFound });
    if (alarm.acknowledgement) return jsonResponse(409, 'Conflict', { err: ALARM_MESSAGES.alreadyAcknowledged });
    const note = (body as { note?: string }).note ?? '';
    const acknowledged: AlarmDto = { ...alarm, acknowledgement: { by: this.userName, at: this.now, note } };
    this.alarms = this.alarms.map((candidate) => (candidate.id === id ? acknowledged : candidate));
    return jsonResponse(200, 'OK', acknowledged);
  };
}
