import { act, fireEvent, screen } from '@testing-library/react';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, signIn } from '../../../test/render-app.util';

const hwaddr = '0011aabbccdd';
const site = {
  hwaddr,
  name: 'Depot',
  status: 'AUTHED',
  unreadCount: 0,
  perPanelCount: {},
  emailEvents: false,
  panelType: 'SMARTLOOP_MK2',
};

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
