import { act, fireEvent, screen, within } from '@testing-library/react';
import type { SiteAccess } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { claimsTokenFor, renderApp, signIn } from '../../../test/render-app.util';
import { siteSummaryOf } from '../../../test/site-summary.fixture';
import { waitForState } from '../../../test/store-wait.util';
import {
  CAROL,
  DAVE_INVITED,
  FakeSiteAccessApi,
  HOLDER_ACCESS_OF_KEY,
  TECHNICIAN_BY_COMPANY,
  VIEWER_BY_INVITATION,
} from '../fake-site-access-api.fixtures';
import { SITE_ACCESS_TEXT } from '../site-access-messages.constants';

const hwaddr = '0011aabbcc62';

describe("Site Configuration: 'Who has access'", () => {
  let api: FakeSiteAccessApi;
  /** The claims tokens the client was given (each carries its expiry: one made later is another token). */
  let claimsTokens: string[];

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    api = new FakeSiteAccessApi(hwaddr);
    claimsTokens = [];
  });

  /** The site's Configuration tab, the user reaching the site with `access` (none: a server from before roles). */
  async function open(access: SiteAccess | undefined = HOLDER_ACCESS_OF_KEY) {
    const app = await renderApp(`/site/${hwaddr}/about`, (path, init) => {
      if (path === '/api/v2/claims/auth') {
        const token = claimsTokenFor([hwaddr]);
        claimsTokens.push(token);
        return jsonResponse(200, 'OK', { token });
      }
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [siteSummaryOf(hwaddr, { access })]);
      return api.answer(path, init);
    });
    await screen.findByDisplayValue('Depot');
    return app;
  }

  /** Settled: the list and the activity read, nothing in flight. */
  const settled = (app: Awaited<ReturnType<typeof open>>) =>
    act(() =>
      waitForState(
        app.store,
        ({ siteAccess }) =>
          siteAccess.list !== null &&
          !siteAccess.reading &&
          !siteAccess.readingActivity &&
          !siteAccess.invite.pending &&
          !siteAccess.change.pending,
      ),
    );
  const section = () => screen.getByRole('region', { name: SITE_ACCESS_TEXT.title });
  const table = (name: string) => within(section()).getByRole('table', { name });
  const cells = (of: HTMLElement) =>
    within(of)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
  const button = (name: string) => within(section()).getByRole('button', { name }) as HTMLButtonElement;
  const activity = () =>
    within(within(section()).getByRole('list', { name: SITE_ACCESS_TEXT.activity }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('shows a holder everyone who reaches the site, the invitations waiting and the activity', async () => {
    const app = await open();
    await settled(app);
    expect(within(section()).getByRole('heading', { name: 'Who has access' })).toBeTruthy();
    expect(cells(table('People'))).toEqual([
      ['Name', 'E-mail', 'How', 'Role', ''],
      ['Ann Holder', 'ann@example.com', 'Panel key', 'Holder', ''],
      ['Bob Fitter', 'bob@acme.example', 'Company Acme Fire Ltd', 'Technician', ''],
      ['Carol Watcher', 'carol@example.org', 'Invitation', 'Viewer', 'Revoke'],
    ]);
    // Revoke only where the share came by invitation, named after whom it revokes.
    expect(
      within(table('People'))
        .getAllByRole('button')
        .map((each) => each.getAttribute('aria-label')),
    ).toEqual(['Revoke Carol Watcher']);
    expect(cells(table('Pending invitations'))).toEqual([
      ['E-mail', 'Role', 'Expires', ''],
      ['dave@example.net', 'Technician', '08/05/2026 09:00:00 UTC', 'Withdraw'],
    ]);
    expect(button('Withdraw the invitation to dave@example.net').textContent).toBe('Withdraw');
    expect((within(section()).getByLabelText('Role') as HTMLSelectElement).value).toBe('viewer');
    expect(
      [...(within(section()).getByLabelText('Role') as HTMLSelectElement).options].map((option) => option.textContent),
    ).toEqual(['Technician', 'Viewer']);
    expect(button('Send invitation').disabled).toBe(true);
    expect(activity()).toEqual([
      'Carol Watcher accepted the invitation as Viewer20/04/2026 10:00:00 UTC from 198.51.100.23',
    ]);
    expect(claimsTokens.length).toBeGreaterThan(0);
    expect(api.bearers.every((bearer) => claimsTokens.some((token) => bearer === `Bearer ${token}`))).toBe(true);
  });

  it('invites someone, says so, clears the address and shows the invitation and the activity', async () => {
    const app = await open();
    await settled(app);
    fireEvent.change(within(section()).getByLabelText('E-mail'), { target: { value: ' erin@example.com ' } });
    fireEvent.change(within(section()).getByLabelText('Role'), { target: { value: 'technician' } });
    fireEvent.click(button('Send invitation'));
    expect(button('Send invitation').disabled).toBe(true);
    await settled(app);

    expect(api.bodies).toContainEqual({ email: 'erin@example.com', role: 'technician' });
    expect(within(section()).getByRole('status').textContent).toBe('Invitation sent to erin@example.com.');
    expect((within(section()).getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
    expect(cells(table('Pending invitations')).map((row) => row.slice(0, 2))).toEqual([
      ['E-mail', 'Role'],
      ['dave@example.net', 'Technician'],
      ['erin@example.com', 'Technician'],
    ]);
    expect(activity()[0]).toBe(
      'Ann Holder invited erin@example.com as Technician02/05/2026 08:15:00 UTC from 203.0.113.7',
    );
  });

  it("shows the API's refusal of an invitation beside the form", async () => {
    api.refuse = (request) =>
      request === 'POST /invitations'
        ? jsonResponse(409, 'Conflict', { err: 'dave@example.net is invited already' })
        : undefined;
    const app = await open();
    await settled(app);
    fireEvent.change(within(section()).getByLabelText('E-mail'), { target: { value: DAVE_INVITED.email } });
    fireEvent.click(button('Send invitation'));
    await settled(app);
    expect(within(section()).getByRole('alert').textContent).toBe('dave@example.net is invited already');
    expect((within(section()).getByLabelText('E-mail') as HTMLInputElement).value).toBe(DAVE_INVITED.email);
  });

  it('revokes a share by invitation and withdraws an invitation, the list read again after each', async () => {
    const app = await open();
    await settled(app);
    fireEvent.click(button(`Revoke ${CAROL.name}`));
    expect(
      within(section())
        .getAllByRole('button')
        .every((each) => (each as HTMLButtonElement).disabled),
    ).toBe(true);
    await settled(app);
    expect(cells(table('People')).map((row) => row[0])).toEqual(['Name', 'Ann Holder', 'Bob Fitter']);

    fireEvent.click(button('Withdraw the invitation to dave@example.net'));
    await settled(app);
    expect(within(section()).queryByRole('table', { name: 'Pending invitations' })).toBeNull();
    expect(within(section()).getByText('No invitation is waiting.')).toBeTruthy();
    expect(activity().map((entry) => entry.split('02/05/2026')[0])).toEqual([
      'Ann Holder withdrew the invitation to dave@example.net',
      'Ann Holder revoked the access of carol@example.org',
      'Carol Watcher accepted the invitation as Viewer20/04/2026 10:00:00 UTC from 198.51.100.23',
    ]);
    expect(within(section()).queryByRole('alert')).toBeNull();
  });

  it.each([
    [TECHNICIAN_BY_COMPANY, 'You reach this site through Acme Fire Ltd as Technician.'],
    [VIEWER_BY_INVITATION, 'You reach this site by invitation as Viewer.'],
  ])('tells anyone else how they reach the site, in one line, and asks nothing', async (access, line) => {
    await open(access);
    expect(screen.getByText(line).tagName).toBe('P');
    expect(screen.queryByRole('region', { name: SITE_ACCESS_TEXT.title })).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('counts a site listed by a server from before roles (no access) as its holder', async () => {
    const app = await open(undefined);
    await settled(app);
    expect(within(section()).getByRole('table', { name: 'People' })).toBeTruthy();
  });
});
