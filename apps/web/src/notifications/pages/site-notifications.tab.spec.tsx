import { act, fireEvent, screen, within } from '@testing-library/react';
import { NO_CONTROL_RIGHT, type NotificationDto } from '@app/contracts';
import { FakePanelApi, PANEL_HWADDR } from '../../../test/fake-panel-api.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { VIEWER_BY_INVITATION } from '../../site-access/fake-site-access-api.fixtures';

const notifications = `/site/${PANEL_HWADDR}/notifications`;

function notification(id: number, type: string, title: string): NotificationDto {
  return {
    id,
    hwaddr: PANEL_HWADDR,
    created_at: `2026-05-0${id}T10:00:00.000Z`,
    notification_type: type,
    notification_data: { recorded_time: '2026-05-01T10:00:00.000Z', panel_time: '2026-05-01T09:35:00.000Z' },
    title,
    text: `${title} text`,
    resolved_by: null,
    resolved_on: null,
  };
}

describe('site notifications', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it("offers Sync panel clock beside Mark Resolved on a time desync only, and sets the panel's clock", async () => {
    const api = new FakePanelApi();
    api.notifications = [
      notification(1, 'TIME_DESYNC', 'Panel time possibly out of sync'),
      notification(2, 'RELAY_FAILURE', 'Relay action failed'),
    ];
    rendered = await renderApp(notifications, api.answer);
    const desync = (await screen.findByText('Panel time possibly out of sync')).closest('.notification') as HTMLElement;
    const relay = screen.getByText('Relay action failed').closest('.notification') as HTMLElement;
    expect(within(relay).queryByRole('button', { name: 'Sync panel clock' })).toBeNull();
    expect(within(desync).getByRole('button', { name: 'Mark Resolved' })).toBeTruthy();

    fireEvent.click(within(desync).getByRole('button', { name: 'Sync panel clock' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Send Sync panel clock to Main panel at Depot?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Sync panel clock' }));

    await act(() => waitForState(rendered!.store, (state) => state.panels.forms.command.done));
    // The site's first network carries it: the clock is the panel's.
    expect(api.posts).toEqual([{ path: '/panel/1/clock', body: {} }]);
    expect(rendered.store.getState().toasts.shown.at(-1)).toMatchObject({
      kind: 'success',
      text: 'Depot, Main panel applied Sync panel clock.',
    });
  });

  it('shows a viewer Sync panel clock disabled, with why, and leaves Mark Resolved to them', async () => {
    const api = new FakePanelApi(undefined, { access: VIEWER_BY_INVITATION });
    api.notifications = [notification(1, 'TIME_DESYNC', 'Panel time possibly out of sync')];
    rendered = await renderApp(notifications, api.answer);
    const desync = (await screen.findByText('Panel time possibly out of sync')).closest('.notification') as HTMLElement;
    await act(() => waitForState(rendered!.store, (state) => state.sites.list.length === 1));

    const sync = within(desync).getByRole('button', { name: 'Sync panel clock' }) as HTMLButtonElement;
    expect([sync.disabled, sync.title]).toEqual([true, NO_CONTROL_RIGHT]);
    expect(screen.getAllByRole('note').map((note) => note.textContent)).toEqual([NO_CONTROL_RIGHT]);
    expect((within(desync).getByRole('button', { name: 'Mark Resolved' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
