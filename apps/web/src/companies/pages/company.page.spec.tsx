import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import type { RootState } from '../../shared/root-state.types';
import {
  ACME_ID,
  BETA_ID,
  claimsAndSitesAnswer,
  FakeCompaniesApi,
  ME,
  NOT_FOUND,
  ONE_ADMIN,
  OTHERS_ID,
  TOM,
  WAREHOUSE,
} from '../fake-companies-api.fixtures';

describe("A company's page", () => {
  let api: FakeCompaniesApi;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    api = new FakeCompaniesApi();
  });

  async function open(id: string) {
    const claimsAndSites = claimsAndSitesAnswer([]);
    const app = await renderApp(
      `/companies/${id}`,
      (path, init) => api.answer(path, init) ?? claimsAndSites(path, init),
    );
    const read = (state: RootState) =>
      state.sites.loaded &&
      (state.companies.loadError !== null ||
        (state.companies.company !== null &&
          (state.companies.company.role !== 'admin' || state.companies.activity !== null)));
    await act(() => waitForState(app.store, read));
    /** Until the form's request is answered and the company read again. */
    const settled = (form: keyof RootState['companies']['forms']) =>
      act(() => waitForState(app.store, (state) => !state.companies.forms[form].pending));
    return { ...app, settled };
  }

  const region = (name: string) => screen.getByRole('region', { name });
  const button = (name: string, within_: HTMLElement = document.body) =>
    within(within_).getByRole('button', { name }) as HTMLButtonElement;
  const headers = (table: HTMLElement) =>
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
  const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
  const rowOf = (table: HTMLElement, text: string) => {
    const row = rowsOf(table).find((candidate) => candidate.textContent?.includes(text));
    if (!row) throw new Error(`no row with ${text}`);
    return row;
  };

  it('shows an admin everything, with the controls of an admin', async () => {
    await open(ACME_ID);
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Fire' })).toBeTruthy();
    expect(screen.getByText('Your role: Admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Companies', current: false })).toBeTruthy();

    const settings = region('Settings');
    expect((within(settings).getByLabelText('Company name') as HTMLInputElement).value).toBe('Acme Fire');
    expect(button('Rename', settings).disabled).toBe(true);
    const twoFactor = within(settings).getByRole('checkbox', {
      name: 'Require two-factor sign-in',
    }) as HTMLInputElement;
    expect(twoFactor.checked).toBe(false);

    const members = screen.getByRole('table', { name: 'Members' });
    expect(headers(members)).toEqual(['Name', 'E-mail', 'Role', 'Two-factor', 'Joined', 'Actions']);
    const mine = rowOf(members, 'Erin Engineer');
    expect(
      within(mine)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Erin Engineer (you)',
      'erin@example.com',
      'AdminTechnicianViewer',
      'On',
      '01/04/2025 09:00:00 UTC',
      'Leave company',
    ]);
    expect((within(mine).getByRole('combobox', { name: 'Role of Erin Engineer' }) as HTMLSelectElement).value).toBe(
      'admin',
    );
    expect(within(mine).queryByRole('button', { name: 'Remove' })).toBeNull();
    const tom = rowOf(members, 'Tom Tech');
    expect((within(tom).getByRole('combobox', { name: 'Role of Tom Tech' }) as HTMLSelectElement).value).toBe(
      'technician',
    );
    expect(within(tom).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(tom).queryByRole('button', { name: 'Leave company' })).toBeNull();

    const invitations = screen.getByRole('table', { name: 'Pending invitations' });
    expect(headers(invitations)).toEqual(['E-mail', 'Role', 'Invited by', 'Expires', 'Actions']);
    expect(
      within(rowsOf(invitations)[0])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['nina@example.com', 'Technician', 'Erin Engineer', '27/04/2025 12:00:00 UTC', 'Withdraw']);

    const invite = region('Invite someone');
    expect(within(invite).getByLabelText('E-mail')).toBeTruthy();
    const role = within(invite).getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((option) => option.text)).toEqual(['Admin', 'Technician', 'Viewer']);
    expect(role.value).toBe('viewer');
    expect(button('Send invitation', invite).disabled).toBe(true);

    const sites = screen.getByRole('table', { name: 'Sites' });
    expect(headers(sites)).toEqual(['Site', 'Added by', 'Added', 'Actions']);
    expect(
      within(rowsOf(sites)[0])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Depot', 'Erin Engineer', '05/04/2025 08:00:00 UTC', 'Remove from company']);
    const addable = within(region('Sites')).getByLabelText('Add one of your sites') as HTMLSelectElement;
    expect([...addable.options].map((option) => option.text)).toEqual(['Warehouse']);
    expect(button('Add site', region('Sites')).disabled).toBe(false);

    const activity = screen.getByRole('table', { name: 'Activity' });
    expect(headers(activity)).toEqual(['When', 'Who', 'What', 'Whom']);
    expect(
      within(rowsOf(activity)[0])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['01/04/2025 09:00:00 UTC', 'Erin Engineer', 'Created the company', 'Acme Fire']);
  });

  it('shows a technician the members and sites, with Leave company and the sites they may add, and no more', async () => {
    await open(BETA_ID);
    expect(screen.getByText('Your role: Technician')).toBeTruthy();
    expect(
      screen.getByText(
        "This company requires two-factor sign-in: members without it cannot reach the company's sites.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Settings' })).toBeNull();
    const members = screen.getByRole('table', { name: 'Members' });
    expect(within(members).queryByRole('combobox')).toBeNull();
    expect(within(rowOf(members, 'Vera Viewer')).getAllByRole('cell')[2].textContent).toBe('Admin');
    expect(
      within(members)
        .getAllByRole('button')
        .map((each) => each.textContent),
    ).toEqual(['Leave company']);
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Activity' })).toBeNull();
    expect(within(region('Sites')).getByText('No sites yet.')).toBeTruthy();
    const addable = within(region('Sites')).getByLabelText('Add one of your sites') as HTMLSelectElement;
    expect([...addable.options].map((option) => option.text)).toEqual(['Depot', 'Warehouse']);
  });

  it('shows a viewer the members and sites, and Leave company only', async () => {
    const beta = api.companies.find((company) => company.id === BETA_ID);
    if (beta)
      beta.members = beta.members.map((member) =>
        member.userId === ME.userId ? { ...member, role: 'viewer' } : member,
      );
    await open(BETA_ID);
    expect(screen.getByText('Your role: Viewer')).toBeTruthy();
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('button')
        .map((each) => each.textContent),
    ).toEqual(['Leave company']);
    expect(screen.queryByLabelText('Add one of your sites')).toBeNull();
  });

  it('renames the company', async () => {
    const app = await open(ACME_ID);
    const settings = region('Settings');
    fireEvent.change(within(settings).getByLabelText('Company name'), { target: { value: 'Acme Fire & Safety' } });
    fireEvent.click(button('Rename', settings));
    await app.settled('rename');
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Fire & Safety' })).toBeTruthy();
    expect((within(region('Settings')).getByLabelText('Company name') as HTMLInputElement).value).toBe(
      'Acme Fire & Safety',
    );
    expect(button('Rename', region('Settings')).disabled).toBe(true);
  });

  it('requires two-factor sign-in, recorded in the activity', async () => {
    const app = await open(ACME_ID);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Require two-factor sign-in' }));
    await app.settled('twoFactor');
    expect((screen.getByRole('checkbox', { name: 'Require two-factor sign-in' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const activity = screen.getByRole('table', { name: 'Activity' });
    expect(within(rowsOf(activity)[0]).getAllByRole('cell')[2].textContent).toBe('Required two-factor sign-in');
  });

  it('invites someone, says so, and empties the form', async () => {
    const app = await open(ACME_ID);
    const invite = region('Invite someone');
    fireEvent.change(within(invite).getByLabelText('E-mail'), { target: { value: 'sam@example.com' } });
    fireEvent.change(within(invite).getByLabelText('Role'), { target: { value: 'technician' } });
    fireEvent.click(button('Send invitation', invite));
    await app.settled('invite');
    expect(within(region('Invite someone')).getByRole('status').textContent).toBe(
      'Invitation sent to sam@example.com.',
    );
    expect((within(region('Invite someone')).getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
    expect((within(region('Invite someone')).getByLabelText('Role') as HTMLSelectElement).value).toBe('viewer');
    const invitations = screen.getByRole('table', { name: 'Pending invitations' });
    expect(rowOf(invitations, 'sam@example.com').textContent).toContain('Technician');
  });

  it('withdraws an invitation', async () => {
    const app = await open(ACME_ID);
    fireEvent.click(button('Withdraw', screen.getByRole('table', { name: 'Pending invitations' })));
    await app.settled('invitations');
    expect(within(region('Pending invitations')).getByText('No pending invitations.')).toBeTruthy();
  });

  it("changes a member's role, and shows why the only admin cannot give theirs up", async () => {
    const app = await open(ACME_ID);
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Tom Tech' }), { target: { value: 'viewer' } });
    await app.settled('members');
    expect((screen.getByRole('combobox', { name: 'Role of Tom Tech' }) as HTMLSelectElement).value).toBe('viewer');
    expect(api.companies[0].members.find((member) => member.userId === TOM.userId)?.role).toBe('viewer');

    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Erin Engineer' }), { target: { value: 'viewer' } });
    await app.settled('members');
    expect(within(region('Members')).getByRole('alert').textContent).toBe(ONE_ADMIN);
    expect((screen.getByRole('combobox', { name: 'Role of Erin Engineer' }) as HTMLSelectElement).value).toBe('admin');
  });

  it('removes a member', async () => {
    const app = await open(ACME_ID);
    const members = screen.getByRole('table', { name: 'Members' });
    fireEvent.click(within(rowOf(members, 'Tom Tech')).getByRole('button', { name: 'Remove' }));
    await app.settled('members');
    expect(rowsOf(screen.getByRole('table', { name: 'Members' })).map((row) => row.cells[0].textContent)).toEqual([
      'Erin Engineer (you)',
      'Vera Viewer',
    ]);
  });

  it('leaves the company, back to the list without it', async () => {
    const app = await open(BETA_ID);
    fireEvent.click(screen.getByRole('button', { name: 'Leave company' }));
    // The list opens as it renders: waited for outside act, which holds renders back.
    await waitFor(() => expect(app.path()).toBe('/companies'));
    expect(await screen.findByRole('link', { name: 'Acme Fire' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Beta Alarms' })).toBeNull();
  });

  it('adds one of the sites held by key, then has none left to offer; removes a site', async () => {
    const app = await open(ACME_ID);
    fireEvent.click(button('Add site', region('Sites')));
    await app.settled('sites');
    const sites = screen.getByRole('table', { name: 'Sites' });
    expect(rowsOf(sites).map((row) => row.cells[0].textContent)).toEqual(['Depot', '00:A0:B1:C2:D3:E5']);
    expect(api.companies[0].sites.map((site) => site.hwaddr)).toContain(WAREHOUSE);
    expect(
      within(region('Sites')).getByText(
        'None of your sites can be added: only the sites you hold the panel key of, and not in the company yet.',
      ),
    ).toBeTruthy();

    fireEvent.click(within(rowOf(sites, 'Depot')).getByRole('button', { name: 'Remove from company' }));
    await app.settled('sites');
    expect(rowsOf(screen.getByRole('table', { name: 'Sites' })).map((row) => row.cells[0].textContent)).toEqual([
      '00:A0:B1:C2:D3:E5',
    ]);
  });

  it("shows the API's err for a company the user is not in", async () => {
    await open(OTHERS_ID);
    expect(screen.getByRole('alert').textContent).toBe(NOT_FOUND);
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
  });
});
