import { act, fireEvent, screen } from '@testing-library/react';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { siteSummaryOf } from '../../../test/site-summary.fixture';

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
