import { act, fireEvent, screen, within } from '@testing-library/react';
import { QUIET_HOURS_MESSAGES } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { FakeQuietHoursApi } from '../../../test/fake-quiet-hours-api.util';
import { QUIET_HOURS_TEXT } from '../quiet-hours-messages.constants';
import { browserTimeZone } from '../time-zones.util';

const account = {
  email: 'erin@example.com',
  name: 'Erin Engineer',
  company: 'Acme',
  telephone: '0113 496 0000',
  otherEventToasts: true,
};

describe("My Account's quiet hours", () => {
  let api: FakeQuietHoursApi;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    api = new FakeQuietHoursApi();
  });

  async function open() {
    const app = await renderApp('/account', (path, init) =>
      path === '/api/auth/account' ? jsonResponse(200, 'OK', account) : api.answer(path, init),
    );
    await act(() => waitForState(app.store, (state) => state.quietHours.loaded));
    return app;
  }

  const section = () => screen.getByRole('region', { name: 'Quiet hours' });
  const apply = () => within(section()).getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
  const field = (label: string) => within(section()).getByLabelText(label) as HTMLInputElement;

  it('is off with nothing to save, and says fire always reaches the user', async () => {
    await open();
    expect(field(QUIET_HOURS_TEXT.switchLabel).checked).toBe(false);
    expect(within(section()).queryByLabelText('From')).toBeNull();
    expect(within(section()).getByText(QUIET_HOURS_TEXT.fireAlways)).toBeTruthy();
    expect(apply().disabled).toBe(true);
  });

  it("turns on at 22:00 to 07:00 in the browser's zone, saves a changed span, and says so until the next edit", async () => {
    const app = await open();
    fireEvent.click(field(QUIET_HOURS_TEXT.switchLabel));
    expect(field('From').value).toBe('22:00');
    expect(field('To').value).toBe('07:00');
    expect(field('Time zone').value).toBe(browserTimeZone());
    expect(apply().disabled).toBe(false);

    fireEvent.change(field('From'), { target: { value: '23:00' } });
    fireEvent.change(field('To'), { target: { value: '06:30' } });
    fireEvent.change(field('Time zone'), { target: { value: 'Europe/Berlin' } });
    fireEvent.click(apply());
    await act(() => waitForState(app.store, (state) => state.quietHours.save.done));

    expect(api.saved).toEqual([{ from: '23:00', to: '06:30', timeZone: 'Europe/Berlin' }]);
    expect(within(section()).getByRole('status').textContent).toBe(QUIET_HOURS_TEXT.saved);
    expect(apply().disabled).toBe(true);
    expect(requestsOf(app.fetchMock).filter((request) => request.includes('quiet-hours'))).toEqual([
      'GET /api/v2/account/quiet-hours',
      'PUT /api/v2/account/quiet-hours',
    ]);

    fireEvent.change(field('To'), { target: { value: '06:00' } });
    expect(within(section()).queryByRole('status')).toBeNull();
  });

  it('shows the saved quiet hours and turns them off', async () => {
    api.quietHours = { from: '21:15', to: '06:45', timeZone: 'Europe/Berlin' };
    const app = await open();
    expect(field(QUIET_HOURS_TEXT.switchLabel).checked).toBe(true);
    expect(field('From').value).toBe('21:15');
    expect(field('To').value).toBe('06:45');
    expect(field('Time zone').value).toBe('Europe/Berlin');
    expect(apply().disabled).toBe(true);

    fireEvent.click(field(QUIET_HOURS_TEXT.switchLabel));
    fireEvent.click(apply());
    await act(() => waitForState(app.store, (state) => state.quietHours.save.done));
    expect(api.saved).toEqual([null]);
    expect(within(section()).getByRole('status').textContent).toBe(QUIET_HOURS_TEXT.savedOff);
  });

  it('says why a span cannot be saved, beside Apply', async () => {
    await open();
    fireEvent.click(field(QUIET_HOURS_TEXT.switchLabel));
    fireEvent.change(field('To'), { target: { value: '22:00' } });
    expect(within(section()).getByText(QUIET_HOURS_MESSAGES.same)).toBeTruthy();
    expect(apply().disabled).toBe(true);

    fireEvent.change(field('To'), { target: { value: '' } });
    expect(within(section()).getByText(QUIET_HOURS_MESSAGES.time)).toBeTruthy();
    expect(apply().disabled).toBe(true);
  });

  it("shows the API's refusal", async () => {
    api.refuse = (request) =>
      request.startsWith('PUT') ? jsonResponse(400, 'Bad Request', { err: QUIET_HOURS_MESSAGES.timeZone }) : undefined;
    await open();
    fireEvent.click(field(QUIET_HOURS_TEXT.switchLabel));
    fireEvent.click(apply());
    expect((await within(section()).findByRole('alert')).textContent).toBe(QUIET_HOURS_MESSAGES.timeZone);
    expect(within(section()).queryByRole('status')).toBeNull();
  });
});
