import { act, fireEvent, screen, within } from '@testing-library/react';
import { alarmOf, FakeAlarmsApi } from '../../../test/fake-alarms-api.util';
import { FakePanelApi, PANEL_HWADDR } from '../../../test/fake-panel-api.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';

const acknowledgement = { by: 'Ann Smith', at: '2026-11-28T10:05:00.000Z', note: '' };

describe("a panel's Status and its alarms", () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it("lists the network's and the whole panel's alarms that need someone above the status, each with Acknowledge", async () => {
    const panel = new FakePanelApi();
    const alarms = new FakeAlarmsApi([
      alarmOf(1, { kind: 'fire', title: 'Fire alarm' }),
      alarmOf(2, { networkId: 2, title: 'Other network' }),
      alarmOf(3, { kind: 'communication', networkId: null, title: 'Panel communication lost' }),
      alarmOf(4, { title: 'Handled', acknowledgement, clearedAt: '2026-11-28T10:10:00.000Z' }),
      alarmOf(5, { title: 'Acknowledged, still active', acknowledgement }),
    ]);
    const rendered = await renderApp(`/site/${PANEL_HWADDR}/panel/1/status`, (path, init) => {
      const answer = alarms.answer(path, init);
      if (path.endsWith('/acknowledge'))
        panel.audit = [
          {
            id: 9,
            date: '2026-11-28T10:05:00.000Z',
            userName: 'Erin Engineer',
            networkId: 1,
            kind: 'alarm-acknowledge',
            label: 'Alarm acknowledged',
            command: { alarmId: 1, alarmKind: 'fire', title: 'Fire alarm', note: '' },
            outcome: 'ok',
            reason: null,
          },
        ];
      return answer ?? panel.answer(path, init);
    });
    const section = await screen.findByTestId('panel-alarms');
    await screen.findByText('No zones currently on fire');

    // Above the latest event and the commands.
    expect(section.compareDocumentPosition(screen.getByRole('group', { name: 'Panel commands' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const rows = within(section).getAllByTestId('alarm-row');
    expect(rows.map((row) => row.dataset.alarmId)).toEqual(['1', '3', '5']);
    expect(within(rows[2]).queryByRole('button', { name: 'Acknowledge' })).toBeNull();

    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Acknowledge' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Acknowledge' }));
    await act(() => waitForState(rendered.store, (state) => state.alarms.acknowledge.status.done));

    expect(alarms.acknowledgements).toEqual([{ id: 1, body: {} }]);
    // Still active: it stays, acknowledged, and Recent commands lists the acknowledgement.
    expect(within(section).getAllByTestId('alarm-row')[1].textContent).toContain('Acknowledged by Erin Engineer');
    expect(await screen.findByText('Alarm acknowledged: Fire alarm')).toBeTruthy();
  });
});
