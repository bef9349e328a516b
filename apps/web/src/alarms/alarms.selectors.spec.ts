import type { AlarmDto, SiteSummary } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { selectAlarmsBadge } from '../app/navbar.selectors';
import { alarmsReceived } from '../livefeed/livefeed.actions';
import { sitesLoaded } from '../sites/sites.slice';
import { alarmOf, ALARM_SITE } from '../../test/fake-alarms-api.util';
import {
  selectAlarmViews,
  selectOrderedAlarms,
  selectPanelAlarms,
  selectSiteAlarmToAcknowledge,
  selectUnacknowledgedCount,
} from './alarms.selectors';
import { alarmsLoaded } from './alarms.slice';

const otherSite = '0a1b2c3d4e5f';
const acknowledgement = { by: 'Ann Smith', at: '2026-11-28T10:05:00.000Z', note: '' };
const cleared = { clearedAt: '2026-11-28T10:10:00.000Z', clearReason: 'The panel shows no zone in fault' };

const depot = { hwaddr: ALARM_SITE, name: 'Depot', status: 'AUTHED', perPanelCount: {}, unreadCount: 0 } as SiteSummary;

function stateWith(alarms: AlarmDto[], sites: SiteSummary[] = [depot]) {
  return rootReducer(rootReducer(undefined, sitesLoaded(sites)), alarmsLoaded(alarms));
}

describe('alarms selectors', () => {
  const list = [
    alarmOf(1, { kind: 'fire', acknowledgement }),
    alarmOf(2, { kind: 'communication', networkId: null, hwaddr: otherSite }),
    alarmOf(3, { kind: 'fault', ...cleared }),
    alarmOf(4, { kind: 'fault', openedAt: '2026-11-28T11:00:00.000Z' }),
    alarmOf(5, { kind: 'fire', openedAt: '2026-11-28T09:00:00.000Z', networkId: 2 }),
    alarmOf(6, { kind: 'fault', acknowledgement, ...cleared }),
  ];

  it('orders the list: unacknowledged first, fire first, active before cleared, newest first', () => {
    expect(selectOrderedAlarms(stateWith(list)).map((alarm) => alarm.id)).toEqual([5, 4, 3, 2, 1, 6]);
  });

  it('counts the alarms nobody acknowledged, cleared ones included, and the navbar colours them by the most urgent', () => {
    let state = stateWith(list);
    expect(selectUnacknowledgedCount(state)).toBe(4);
    expect(selectAlarmsBadge(state)).toEqual({ count: 4, bg: 'danger' });

    state = stateWith([alarmOf(1, { kind: 'communication', networkId: null }), alarmOf(2, { acknowledgement })]);
    expect(selectAlarmsBadge(state)).toEqual({ count: 1, bg: 'secondary' });
    expect(selectAlarmsBadge(stateWith([alarmOf(3)]))).toEqual({ count: 1, bg: 'warning' });
    expect(selectAlarmsBadge(stateWith([]))).toEqual({ count: 0, bg: 'secondary' });
  });

  it('reads each alarm as its row shows it, the site by its nickname or its MAC', () => {
    const views = selectAlarmViews(
      stateWith([
        alarmOf(1, { kind: 'fire', events: 3, lastEventAt: '2026-11-28T10:03:00.000Z' }),
        alarmOf(2, {
          hwaddr: otherSite,
          kind: 'communication',
          networkId: null,
          title: 'Panel communication lost',
          location: '',
        }),
        alarmOf(3, { acknowledgement: { ...acknowledgement, note: 'Engineer called' }, ...cleared }),
      ]),
    );
    expect(views[0]).toMatchObject({
      id: 1,
      kindLabel: 'Fire',
      kindBg: 'danger',
      siteName: 'Depot',
      panelText: 'Panel 1',
      title: 'Zone fault',
      location: 'Stores',
      openedText: 'Opened 28/11/2026 10:00:00 UTC',
      latestEventText: 'Latest event 28/11/2026 10:03:00 UTC (3 events)',
      stateText: 'Active',
      clearedText: null,
      acknowledged: false,
      acknowledgedText: null,
      link: '/alarms/1',
    });
    expect(views[1]).toMatchObject({
      kindLabel: 'Communication lost',
      kindBg: 'secondary',
      siteName: '0A:1B:2C:3D:4E:5F',
      panelText: null,
      location: null,
      latestEventText: null,
    });
    expect(views[2]).toMatchObject({
      kindLabel: 'Fault',
      kindBg: 'warning',
      kindText: 'dark',
      stateText: 'Cleared',
      clearedText: '28/11/2026 10:10:00 UTC: The panel shows no zone in fault',
      acknowledgedText: 'Acknowledged by Ann Smith at 28/11/2026 10:05:00 UTC',
      note: 'Engineer called',
      handled: true,
    });
  });

  it('keeps the view of an alarm a live burst left alone, so that its row does not render again', () => {
    let state = stateWith([alarmOf(1), alarmOf(2)]);
    const before = selectAlarmViews(state);
    state = rootReducer(state, alarmsReceived([{ hwaddr: ALARM_SITE, alarm: alarmOf(2, { events: 2 }) }]));
    const after = selectAlarmViews(state);
    expect(after.find((view) => view.id === 1)).toBe(before.find((view) => view.id === 1));
    expect(after.find((view) => view.id === 2)).not.toBe(before.find((view) => view.id === 2));
  });

  it("gives a site's tile its most urgent alarm nobody acknowledged, and none once all are", () => {
    const state = stateWith(list);
    expect(selectSiteAlarmToAcknowledge(state, ALARM_SITE)?.id).toBe(5);
    expect(selectSiteAlarmToAcknowledge(state, otherSite)?.id).toBe(2);
    expect(selectSiteAlarmToAcknowledge(stateWith([alarmOf(1, { acknowledgement })]), ALARM_SITE)).toBeNull();
  });

  it("lists on a panel's Status its network's and the whole panel's alarms that are active or unacknowledged", () => {
    const state = stateWith([
      alarmOf(1, { kind: 'fire', networkId: 1 }),
      alarmOf(2, { networkId: 2 }),
      alarmOf(3, { kind: 'communication', networkId: null }),
      alarmOf(4, { acknowledgement }),
      alarmOf(5, { ...cleared }),
      alarmOf(6, { acknowledgement, ...cleared }),
      alarmOf(7, { hwaddr: otherSite }),
    ]);
    expect(selectPanelAlarms(state, ALARM_SITE, 1).map((view) => view.id)).toEqual([1, 5, 3, 4]);
    expect(selectPanelAlarms(state, ALARM_SITE, 2).map((view) => view.id)).toEqual([2, 3]);
  });
});
