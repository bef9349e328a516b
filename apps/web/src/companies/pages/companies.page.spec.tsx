import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { ACME_ID, BETA_ID, claimsAndSitesAnswer, FakeCompaniesApi } from '../fake-companies-api.fixtures';

describe('Companies page', () => {
  let api: FakeCompaniesApi;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    api = new FakeCompaniesApi();
  });

  async function open() {
    const claimsAndSites = claimsAndSitesAnswer([]);
    const app = await renderApp('/companies', (path, init) => api.answer(path, init) ?? claimsAndSites(path, init));
    await act(() =>
      waitForState(app.store, ({ companies }) => companies.list !== null || companies.listError !== null),
    );
    return app;
  }

  const createButton = () => screen.getByRole('button', { name: 'Create company' }) as HTMLButtonElement;

  it("lists the user's companies, each with the user's role and a link to its page; the navbar leads here", async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Your role']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Acme Fire', 'Admin'],
      ['Beta Alarms', 'Technician'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'Acme Fire' }).getAttribute('href')).toBe(`/companies/${ACME_ID}`);
    expect(within(rows[1]).getByRole('link', { name: 'Beta Alarms' }).getAttribute('href')).toBe(
      `/companies/${BETA_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Companies' }).getAttribute('href')).toBe('/companies');
  });

  it('says when the user is in no company yet', async () => {
    api.companies.splice(0, 2);
    await open();
    expect(screen.getByText('You are not a member of any company yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the API's err when the list cannot be read", async () => {
    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: 'Companies cannot be read now' });
    await open();
    expect(screen.getByRole('alert').textContent).toBe('Companies cannot be read now');
  });

  it('creates a company and opens its page, the user its admin', async () => {
    const app = await open();
    const form = screen.getByRole('region', { name: 'Create a company' });
    expect(createButton().disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Company name'), { target: { value: '  Gamma Safety ' } });
    fireEvent.click(createButton());
    // The company's page opens as it renders: waited for outside act, which holds renders back.
    await waitFor(() => expect(app.path()).toBe('/companies/new-company-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gamma Safety' })).toBeTruthy();
    expect(screen.getByText('Your role: Admin')).toBeTruthy();
    expect(api.companies.at(-1)?.name).toBe('Gamma Safety');
  });

  it("shows the API's refusal to create one and stays", async () => {
    api.refuse = (request) =>
      request === 'POST /' ? jsonResponse(409, 'Conflict', { err: 'You have too many companies' }) : undefined;
    const app = await open();
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Gamma Safety' } });
    fireEvent.click(createButton());
    await act(() => waitForState(app.store, ({ companies }) => companies.forms.create.error !== null));
    expect(within(screen.getByRole('region', { name: 'Create a company' })).getByRole('alert').textContent).toBe(
      'You have too many companies',
    );
    expect(app.path()).toBe('/companies');
  });
});
