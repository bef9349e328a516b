import { act, fireEvent, screen, within } from '@testing-library/react';
import { ALARM_MESSAGES, ALARM_NOTE_MAX_LENGTH, type SiteSummary } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { alarmOf, ALARM_SITE, FakeAlarmsApi } from '../../../test/fake-alarms-api.util';
import { claimsTokenFor, renderApp, signIn, type Answer } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { acknowledgeLinkOf } from '../alarm-links.util';

const otherSite = '0a1b2c3d4e5f';
const depot = { hwaddr: ALARM_SITE, name: 'Depot', status: 'AUTHED', unreadCount: 0, perPanelCount: {} } as SiteSummary;
const acknowledgement = { by: 'Ann Smith', at: '2026-11-28T10:05:00.000Z', note: 'Engineer called' };

/** The user's two sites (the other one has no nickname), their alarms as the fake holds them. */
function server(api: FakeAlarmsApi): Answer {
  return (path, init) => {
    if (path === '/api/v2/claims/auth')
      return jsonResponse(200, 'OK', { token: claimsTokenFor([ALARM_SITE, otherSite]) });
    if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [depot, { ...depot, hwaddr: otherSite, name: '' }]);
    return api.answer(path, init);
  };
}

const rows = () => screen.getAllByTestId('alarm-row');
const rowOf = (id: number) => rows().find((row) => row.dataset.alarmId === String(id)) as HTMLElement;

describe('the Alarms page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function open(api: FakeAlarmsApi, path = '/alarms') {
    const app = await renderApp(path, server(api));
    await act(() => waitForState(app.store, (state) => state.alarms.loaded && state.sites.loaded));
    return app;
  }

  it('lists the alarms of every site, those nobody acknowledged and fire first, each as it reads', async () => {
    await open(
      new FakeAlarmsApi([
        alarmOf(1, {
          acknowledgement,
          clearedAt: '2026-11-28T10:10:00.000Z',
          clearReason: 'The panel shows no zone in fault',
        }),
        alarmOf(2, {
          hwaddr: otherSite,
          kind: 'communication',
          networkId: null,
          title: 'Panel communication lost',
          location: '',
        }),
        alarmOf(3, { kind: 'fire', title: 'Fire alarm', events: 3, lastEventAt: '2026-11-28T10:04:00.000Z' }),
      ]),
    );

    expect(rows().map((row) => row.dataset.alarmId)).toEqual(['3', '2', '1']);
    const fire = rowOf(3);
    expect(within(fire).getByText('Fire').className).toContain('bg-danger');
    expect(fire.textContent).toContain('Depot');
    expect(fire.textContent).toContain('Panel 1');
    expect(within(fire).getByRole('link', { name: 'Fire alarm' }).getAttribute('href')).toBe('/alarms/3');
    expect(fire.textContent).toContain('Stores');
    expect(fire.textContent).toContain('Opened 28/11/2026 10:00:00 UTC');
    expect(fire.textContent).toContain('Latest event 28/11/2026 10:04:00 UTC (3 events)');
    expect(within(fire).getByText('Active')).toBeTruthy();
    expect(within(fire).getByRole('button', { name: 'Acknowledge' })).toBeTruthy();

    const lost = rowOf(2);
    expect(within(lost).getByText('Communication lost').className).toContain('bg-secondary');
    expect(lost.textContent).toContain('0A:1B:2C:3D:4E:5F');
    expect(lost.querySelector('.alarm-row__panel')).toBeNull();
    expect(lost.textContent).not.toContain('Latest event');

    const handled = rowOf(1);
    expect(within(handled).getByText('Fault').className).toContain('bg-warning');
    expect(within(handled).getByText('Cleared')).toBeTruthy();
    expect(handled.textContent).toContain('28/11/2026 10:10:00 UTC: The panel shows no zone in fault');
    expect(handled.textContent).toContain('Acknowledged by Ann Smith at 28/11/2026 10:05:00 UTC');
    expect(handled.textContent).toContain('Engineer called');
    expect(within(handled).queryByRole('button', { name: 'Acknowledge' })).toBeNull();

    // The navbar counts the two nobody acknowledged, red with a fire among them.
    const count = screen.getByTestId('navbar-alarms-count');
    expect(count.textContent).toBe('2');
    expect(count.className).toContain('bg-danger');
    expect(screen.getByRole('link', { name: 'Alarms 2 unacknowledged' })).toBeTruthy();
  });

  it('says so when no alarm needs attention', async () => {
    await open(new FakeAlarmsApi([]));
    expect(await screen.findByText('No alarms need attention.')).toBeTruthy();
    expect(screen.queryByTestId('alarm-row')).toBeNull();
    expect(screen.queryByTestId('navbar-alarms-count')).toBeNull();
  });

  it('acknowledges an alarm through its dialog, with a note, and shows who did', async () => {
    const api = new FakeAlarmsApi([alarmOf(1, { kind: 'fire', title: 'Fire alarm' }), alarmOf(2)]);
    const app = await open(api);
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Acknowledge' }));

    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge alarm' });
    expect(dialog.contains(screen.getByTestId('acknowledge-dialog'))).toBe(true);
    expect(dialog.textContent).toContain('Depot, Panel 1: Fire alarm');
    const note = within(dialog).getByLabelText('Note (optional)') as HTMLTextAreaElement;
    expect(note.maxLength).toBe(ALARM_NOTE_MAX_LENGTH);
    fireEvent.change(note, { target: { value: '  Engineer on the way ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await act(() => waitForState(app.store, (state) => state.alarms.acknowledge.status.done));

    expect(api.acknowledgements).toEqual([{ id: 1, body: { note: 'Engineer on the way' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rowOf(1).textContent).toContain('Acknowledged by Erin Engineer at 28/11/2026 10:05:00 UTC');
    expect(rowOf(1).textContent).toContain('Engineer on the way');
    // Acknowledged, it goes after the one still waiting.
    expect(rows().map((row) => row.dataset.alarmId)).toEqual(['2', '1']);
    expect(screen.getByTestId('navbar-alarms-count').textContent).toBe('1');
    expect(app.store.getState().toasts.shown.at(-1)).toEqual({
      kind: 'success',
      title: 'Alarm acknowledged',
      text: 'Depot: Fire alarm',
    });
  });

  it("shows the API's refusal in the dialog, which Cancel closes", async () => {
    const api = new FakeAlarmsApi([alarmOf(1)]);
    api.refuse = () => jsonResponse(404, 'Not Found', { err: ALARM_MESSAGES.notFound });
    const app = await open(api);
    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await act(() => waitForState(app.store, (state) => state.alarms.acknowledge.status.error !== null));

    expect(within(dialog).getByRole('alert').textContent).toBe(ALARM_MESSAGES.notFound);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await act(() => waitForState(app.store, (state) => state.alarms.acknowledge.alarmId === null));
    expect(app.store.getState().toasts.shown).toEqual([]);
  });

  it("opens an alarm's page from its title: the alarm, Acknowledge and its timeline", async () => {
    const api = new FakeAlarmsApi([
      alarmOf(1, { kind: 'fire', title: 'Fire alarm', events: 2, lastEventAt: '2026-11-28T10:03:00.000Z' }),
    ]);
    const app = await open(api);
    fireEvent.click(screen.getByRole('link', { name: 'Fire alarm' }));
    await act(() => waitForState(app.store, (state) => state.alarms.openDetail?.detail != null));

    expect(app.path()).toBe('/alarms/1');
    expect(screen.getByRole('heading', { name: 'Fire: Fire alarm' })).toBeTruthy();
    const timeline = screen.getByTestId('alarm-timeline');
    expect(
      within(timeline)
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)),
    ).toEqual([
      ['28/11/2026 10:00:00 UTC', 'Opened', '', 'Fire alarm'],
      ['28/11/2026 10:03:00 UTC', 'Event', '', 'Fire alarm'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Acknowledge' }));
    // Acknowledged, the timeline is read again and says so.
    await act(() => waitForState(app.store, (state) => state.alarms.openDetail?.detail?.timeline.length === 3));
    expect(within(screen.getByTestId('alarm-timeline')).getByText('Erin Engineer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it("acknowledges at once the alarm whose notification's Acknowledge opened it, with no dialog, and drops the query", async () => {
    const api = new FakeAlarmsApi([alarmOf(1, { kind: 'fire', title: 'Fire alarm' })]);
    const app = await open(api, acknowledgeLinkOf(1));
    await act(() => waitForState(app.store, (state) => state.alarms.openDetail?.detail?.timeline.length === 2));

    expect(api.acknowledgements).toEqual([{ id: 1, body: {} }]);
    expect(app.path()).toBe('/alarms/1');
    expect(screen.getByTestId('search').textContent).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('alarm-row').textContent).toContain(
      'Acknowledged by Erin Engineer at 28/11/2026 10:05:00 UTC',
    );
    expect(within(screen.getByTestId('alarm-timeline')).getByText('Erin Engineer')).toBeTruthy();
  });

  it('just shows an alarm someone acknowledged before its notification was acted on', async () => {
    const api = new FakeAlarmsApi([alarmOf(1, { acknowledgement })]);
    const app = await open(api, acknowledgeLinkOf(1));
    await act(() => waitForState(app.store, (state) => state.alarms.openDetail?.detail != null));

    expect(screen.getByTestId('alarm-row').textContent).toContain(
      'Acknowledged by Ann Smith at 28/11/2026 10:05:00 UTC',
    );
    expect(app.path()).toBe('/alarms/1');
    expect(app.store.getState().toasts.shown).toEqual([]);
  });
});
