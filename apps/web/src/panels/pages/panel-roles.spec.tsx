import { act, fireEvent, screen, within } from '@testing-library/react';
import { NO_CONTROL_RIGHT, type SiteAccess } from '@app/contracts';
import { configuredPanel, FakePanelApi, PANEL_HWADDR } from '../../../test/fake-panel-api.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import {
  HOLDER_ACCESS_OF_KEY,
  TECHNICIAN_BY_COMPANY,
  VIEWER_BY_INVITATION,
} from '../../site-access/fake-site-access-api.fixtures';

const base = `/site/${PANEL_HWADDR}/panel/1`;
const COMMANDS = ['Start Sounders', 'Stop Sounders', 'Silence Buzzer', 'Reset'];
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const notes = () => screen.queryAllByRole('note').map((note) => note.textContent);

/** The Panel Manager for a user whose role on the site is `access` (docs/access.md, "Teams"). */
describe('the Panel Manager by role', () => {
  let api: FakePanelApi;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function open(path: string, access: SiteAccess) {
    api = new FakePanelApi(configuredPanel(), { access });
    const app = await renderApp(`${base}/${path}`, api.answer);
    await act(() =>
      waitForState(app.store, (state) => state.sites.list.length === 1 && PANEL_HWADDR in state.sites.details),
    );
    return app;
  }

  describe('for a viewer', () => {
    it('shows the panel commands disabled, each with why, and says so once on the screen', async () => {
      await open('status', VIEWER_BY_INVITATION);
      const commands = within(await screen.findByRole('group', { name: 'Panel commands' }));
      expect(
        COMMANDS.map((name) => [name, (commands.getByRole('button', { name }) as HTMLButtonElement).disabled]),
      ).toEqual(COMMANDS.map((name) => [name, true]));
      expect(commands.getAllByRole('button').every((each) => each.title === NO_CONTROL_RIGHT)).toBe(true);
      expect(notes()).toEqual([NO_CONTROL_RIGHT]);
      fireEvent.click(button('Reset'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.posts).toEqual([]);
    });

    it("shows the panel's texts, Save and Sync panel clock disabled, with why", async () => {
      await open('about', VIEWER_BY_INVITATION);
      await screen.findByDisplayValue('Main panel');
      expect((screen.getByLabelText('Network name (RS485)') as HTMLInputElement).disabled).toBe(true);
      for (const name of ['Save', 'Sync panel clock'])
        expect([name, button(name).disabled, button(name).title]).toEqual([name, true, NO_CONTROL_RIGHT]);
      expect(notes()).toEqual([NO_CONTROL_RIGHT]);
    });

    it.each([
      ['zone/0', 'Name'],
      ['modules/3', 'Cloud address'],
      ['modules/0/device/0', 'Name'],
    ])("shows the %s editor's fields and Save disabled, with why", async (path, label) => {
      await open(path, VIEWER_BY_INVITATION);
      const input = (await screen.findByLabelText(label)) as HTMLInputElement;
      expect(input.disabled).toBe(true);
      expect(input.closest('form')?.title).toBe(NO_CONTROL_RIGHT);
      expect([button('Save').disabled, button('Save').title]).toEqual([true, NO_CONTROL_RIGHT]);
      expect(notes()).toEqual([NO_CONTROL_RIGHT]);
    });
  });

  it.each([
    ['a holder of the panel key', HOLDER_ACCESS_OF_KEY],
    ['a technician', TECHNICIAN_BY_COMPANY],
  ])('leaves the commands and editors usable to %s, with no note', async (_who, access) => {
    await open('status', access);
    const commands = within(await screen.findByRole('group', { name: 'Panel commands' }));
    expect(commands.getAllByRole('button').map((each) => [(each as HTMLButtonElement).disabled, each.title])).toEqual(
      COMMANDS.map(() => [false, '']),
    );
    expect(notes()).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    await screen.findByDisplayValue('Main panel');
    expect((screen.getByLabelText('Network name (RS485)') as HTMLInputElement).disabled).toBe(false);
    expect([button('Sync panel clock').disabled, button('Sync panel clock').title]).toEqual([false, '']);
  });
});
