import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  DEFAULT_ESCALATION_POLICY,
  NO_CONTROL_RIGHT,
  type SiteAccess,
  type SiteEscalationPolicy,
} from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { siteSummaryOf } from '../../../test/site-summary.fixture';
import {
  HOLDER_ACCESS_OF_KEY,
  TECHNICIAN_BY_COMPANY,
  VIEWER_BY_INVITATION,
} from '../../site-access/fake-site-access-api.fixtures';

const hwaddr = '0011aabbccdd';
const site = siteSummaryOf(hwaddr);

describe('Site Configuration: each form its own request status', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it('shows a refused rename beside the nickname only, and leaves the e-mail switch and Add Site untouched', async () => {
    const app = await renderApp(`/site/${hwaddr}/about`, (path) => {
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [site]);
      if (path === `/api/v2/sites/${hwaddr}/name`) return jsonResponse(400, 'Bad Request', { err: 'name is too long' });
      return undefined;
    });
    await screen.findByDisplayValue('Depot');

    fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: 'Depot North' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await act(() => waitForState(app.store, (state) => state.sites.forms.renameSite.error !== null));

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['name is too long']);
    expect((screen.getByLabelText('Email Fire/Fault events to me') as HTMLInputElement).disabled).toBe(false);
    const { forms } = app.store.getState().sites;
    expect(forms.siteEmails).toEqual({ pending: false, error: null, done: false, notice: null });
    expect(forms.addSite).toEqual({ pending: false, error: null, done: false, notice: null });
  });
});

describe('Site Configuration: test mode', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it('starts test mode for the chosen time with its reason, shows the banner, and ends it by hand', async () => {
    const testMode = {
      startedBy: 'Ann Smith',
      startedAt: '2026-05-01T10:00:00.000Z',
      until: '2026-05-01T12:00:00.000Z',
      reason: 'Detector tests',
    };
    const app = await renderApp(`/site/${hwaddr}/about`, (path, init) => {
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [{ ...site, testMode: null }]);
      if (path === `/api/v2/sites/${hwaddr}/test-mode` && init?.method === 'POST')
        return jsonResponse(200, 'OK', testMode);
      if (path === `/api/v2/sites/${hwaddr}/test-mode` && init?.method === 'DELETE') return jsonResponse(200, 'OK', {});
      return undefined;
    });
    await screen.findByDisplayValue('Depot');
    const start = screen.getByRole('button', { name: 'Start test mode' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    const banner = () => document.querySelector('.site-test-mode');
    expect(banner()).toBeNull();

    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  Detector tests ' } });
    fireEvent.click(start);
    await screen.findByRole('button', { name: 'End test mode' });
    const sent = app.fetchMock.mock.calls.find(
      ([input, init]) => String(input) === `/api/v2/sites/${hwaddr}/test-mode` && init?.method === 'POST',
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ minutes: 120, reason: 'Detector tests' });
    expect(banner()?.textContent).toContain(
      'Test mode until 01/05/2026 12:00:00, started by Ann Smith: Detector tests',
    );

    fireEvent.click(screen.getByRole('button', { name: 'End test mode' }));
    await screen.findByRole('button', { name: 'Start test mode' });
    expect(banner()).toBeNull();
    expect(requestsOf(app.fetchMock)).toContain(`DELETE /api/v2/sites/${hwaddr}/test-mode`);
  });

  it('shows a refused start beside the test mode form', async () => {
    await renderApp(`/site/${hwaddr}/about`, (path) => {
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [{ ...site, testMode: null }]);
      if (path === `/api/v2/sites/${hwaddr}/test-mode`)
        return jsonResponse(409, 'Conflict', { err: 'This site is already in test mode' });
      return undefined;
    });
    await screen.findByDisplayValue('Depot');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Detector tests' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start test mode' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This site is already in test mode');
  });
});

describe("Site Configuration: the controls of a user's role (docs/access.md, 'Teams')", () => {
  const policy: SiteEscalationPolicy = {
    steps: [...DEFAULT_ESCALATION_POLICY],
    isDefault: true,
    updatedBy: null,
    updatedAt: null,
  };
  const webhook = {
    url: 'https://bms.example.org/hook',
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
  };

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  /** The tab with the test mode, webhook and escalation answered, for a user reaching the site with `access`. */
  async function open(access: SiteAccess) {
    const app = await renderApp(`/site/${hwaddr}/about`, (path) => {
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [{ ...site, access }]);
      if (path === `/api/v2/sites/${hwaddr}/webhook`) return jsonResponse(200, 'OK', { webhook });
      if (path === `/api/v2/sites/${hwaddr}/webhook/deliveries`) return jsonResponse(200, 'OK', []);
      if (path === `/api/v2/sites/${hwaddr}/escalation`) return jsonResponse(200, 'OK', policy);
      if (path === `/api/v2/sites/${hwaddr}/people`) return jsonResponse(200, 'OK', { people: [] });
      return undefined;
    });
    await screen.findByDisplayValue('Depot');
    await act(() =>
      waitForState(
        app.store,
        (state) => state.webhooks.sites[hwaddr]?.loaded === true && state.escalation.sites[hwaddr]?.loaded === true,
      ),
    );
    return app;
  }

  const region = (name: string) => screen.getByRole('region', { name });
  const control = (name: string, label: string) =>
    within(region(name)).getByRole('button', { name: label }) as HTMLButtonElement;
  /** Each setting of the site a viewer may not change, by its section and its name. */
  const siteControls = () => [
    within(region('Test mode')).getByLabelText('Duration') as HTMLSelectElement,
    within(region('Test mode')).getByLabelText('Reason') as HTMLInputElement,
    control('Test mode', 'Start test mode'),
    within(region('Webhook')).getByLabelText('Receiver address') as HTMLInputElement,
    control('Webhook', 'Save'),
    control('Webhook', 'New secret'),
    control('Webhook', 'Remove'),
    control('Webhook', 'Send test'),
    within(region('Escalation')).getByLabelText('Step 2: minutes without acknowledgement') as HTMLInputElement,
    control('Escalation', 'Save'),
    control('Escalation', 'Add a step'),
    control('Escalation', 'Remove step 2'),
  ];

  it("shows a viewer the site's settings disabled, each with why, and says so once per section", async () => {
    await open(VIEWER_BY_INVITATION);
    fireEvent.change(within(region('Test mode')).getByLabelText('Reason'), { target: { value: 'Tests' } });
    expect(siteControls().filter((each) => !each.disabled)).toEqual([]);
    expect(siteControls().every((each) => each.title === NO_CONTROL_RIGHT)).toBe(true);
    for (const name of ['Test mode', 'Webhook', 'Escalation'])
      expect(
        within(region(name))
          .getAllByRole('note')
          .map((note) => note.textContent),
      ).toEqual([NO_CONTROL_RIGHT]);
    expect(NO_CONTROL_RIGHT).toBe('Your role on this site lets you watch it, not change it');

    // What is the user's own stays theirs: the nickname, the e-mail choice; the webhook's secret is still shown.
    expect((screen.getByLabelText('Nickname') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Email Fire/Fault events to me') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText(webhook.secret)).toBeTruthy();
    expect(screen.getByText('You reach this site by invitation as Viewer.')).toBeTruthy();
  });

  it.each([
    ['a holder of the panel key', HOLDER_ACCESS_OF_KEY],
    ['a technician', TECHNICIAN_BY_COMPANY],
  ])("leaves the site's settings usable to %s, with no note", async (_who, access) => {
    await open(access);
    fireEvent.change(within(region('Test mode')).getByLabelText('Reason'), { target: { value: 'Tests' } });
    fireEvent.change(within(region('Webhook')).getByLabelText('Receiver address'), {
      target: { value: 'https://bms.example.org/other' },
    });
    const disabled = siteControls().filter((each) => each.disabled);
    // Only Save of the unchanged escalation waits for a change.
    expect(disabled).toEqual([control('Escalation', 'Save')]);
    expect(siteControls().every((each) => each.title === '')).toBe(true);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
