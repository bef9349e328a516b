import { act, fireEvent, screen, within } from '@testing-library/react';
import { TWO_FACTOR_MESSAGES } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { CURRENT_CODE, ENROLMENT, FakeTwoFactorApi, RECOVERY_CODES } from '../fake-two-factor-api.fixtures';
import { TWO_FACTOR_TEXT } from '../two-factor-messages.constants';
import { TWO_FACTOR_PATH } from '../two-factor.api';

const account = {
  email: 'erin@example.com',
  name: 'Erin Engineer',
  company: 'Acme',
  telephone: '0113 496 0000',
  otherEventToasts: true,
};

/** The SVG document an image's data: address holds. */
const svgOf = (src: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(src.split(',')[1]), (char) => char.charCodeAt(0)));

describe("My Account's two-factor sign-in", () => {
  let api: FakeTwoFactorApi;
  /** The two-factor paths (after /two-factor) the API leaves unanswered: those requests stay in flight. */
  let held: string[];

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    api = new FakeTwoFactorApi();
    held = [];
  });

  async function open() {
    const app = await renderApp('/account', (path, init) => {
      if (path === '/api/auth/account') return jsonResponse(200, 'OK', account);
      if (held.some((tail) => path === `${TWO_FACTOR_PATH}${tail}`)) return undefined;
      return api.answer(path, init);
    });
    await act(() => waitForState(app.store, (state) => state.twoFactor.status !== null));
    const settle = () => act(() => waitForState(app.store, (state) => !state.twoFactor.request.pending));
    return { ...app, settle };
  }

  const section = () => screen.getByRole('region', { name: 'Two-factor sign-in' });
  const button = (name: string) => within(section()).getByRole('button', { name }) as HTMLButtonElement;
  const field = (label: string) => within(section()).getByLabelText(label) as HTMLInputElement;
  const text = (content: string) => within(section()).queryByText(content);
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

  it('is off, with Turn on', async () => {
    const app = await open();
    expect(within(section()).getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(text(TWO_FACTOR_TEXT.off)).toBeTruthy();
    expect(button('Turn on').disabled).toBe(false);
    expect(requestsOf(app.fetchMock)).toContain(`GET ${TWO_FACTOR_PATH}`);
  });

  it('shows the key as a QR code and as text, and Cancel goes back to off', async () => {
    const app = await open();
    fireEvent.click(button('Turn on'));
    await app.settle();

    expect(text(TWO_FACTOR_TEXT.enrol)).toBeTruthy();
    const qr = within(section()).getByRole('img', { name: 'QR code for your authenticator app' }) as HTMLImageElement;
    expect(qr.getAttribute('src')?.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(svgOf(qr.getAttribute('src') ?? '')).toBe(ENROLMENT.qrSvg);
    const secret = within(section()).getByTestId('two-factor-secret');
    expect(secret.tagName).toBe('CODE');
    expect(secret.getAttribute('data-secret')).toBe(ENROLMENT.secret);
    expect(secret.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(secret.parentElement?.textContent).toBe('Key: JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(field('Code').autocomplete).toBe('one-time-code');
    expect(button('Confirm').disabled).toBe(true);

    fireEvent.click(button('Cancel'));
    expect(text(TWO_FACTOR_TEXT.off)).toBeTruthy();
    expect(within(section()).queryByRole('img')).toBeNull();
  });

  it('keeps the key after a wrong code with the API’s err, then shows the recovery codes once, then on', async () => {
    const app = await open();
    fireEvent.click(button('Turn on'));
    await app.settle();

    type('Code', '000000');
    expect(button('Confirm').disabled).toBe(false);
    fireEvent.click(button('Confirm'));
    await app.settle();
    expect(within(section()).getByRole('alert').textContent).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(within(section()).getByTestId('two-factor-secret')).toBeTruthy();

    type('Code', CURRENT_CODE);
    fireEvent.click(button('Confirm'));
    await app.settle();
    expect(text(TWO_FACTOR_TEXT.recoveryCodes)).toBeTruthy();
    expect(within(section()).queryByRole('alert')).toBeNull();
    const codes = within(within(section()).getByRole('list')).getAllByRole('listitem');
    expect(codes.map((item) => item.querySelector('code')?.textContent)).toEqual(RECOVERY_CODES);

    fireEvent.click(button('I have saved them'));
    expect(text(TWO_FACTOR_TEXT.on)).toBeTruthy();
    expect(text('10 recovery codes left.')).toBeTruthy();
    expect(within(section()).queryByRole('list')).toBeNull();
  });

  it('is on with one recovery code left, refuses a wrong code, and turns off', async () => {
    api.enabled = true;
    api.recoveryCodesLeft = 1;
    const app = await open();
    expect(text(TWO_FACTOR_TEXT.on)).toBeTruthy();
    expect(text('1 recovery code left.')).toBeTruthy();
    expect(button('Turn off').disabled).toBe(true);
    type('Code to turn it off', '   ');
    expect(button('Turn off').disabled).toBe(true);

    type('Code to turn it off', '111111');
    fireEvent.click(button('Turn off'));
    await app.settle();
    expect(within(section()).getByRole('alert').textContent).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(text(TWO_FACTOR_TEXT.on)).toBeTruthy();

    type('Code to turn it off', CURRENT_CODE);
    fireEvent.click(button('Turn off'));
    await app.settle();
    expect(text(TWO_FACTOR_TEXT.off)).toBeTruthy();
    expect(within(section()).queryByRole('alert')).toBeNull();
    const codesSent = app.fetchMock.mock.calls
      .filter(([path]) => String(path) === `${TWO_FACTOR_PATH}/disable`)
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(codesSent).toEqual([{ code: '111111' }, { code: CURRENT_CODE }]);
  });

  it("shows the API's refusal of Turn on", async () => {
    api.enabled = true;
    api.refuse = (request) =>
      request === 'GET /' ? jsonResponse(200, 'OK', { enabled: false, recoveryCodesLeft: 0 }) : undefined;
    const app = await open();
    fireEvent.click(button('Turn on'));
    await app.settle();
    expect(within(section()).getByRole('alert').textContent).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
    expect(button('Turn on').disabled).toBe(false);
  });

  it('disables the buttons while a request is in flight', async () => {
    held = ['/enrolment/confirm', '/disable'];
    const app = await open();
    fireEvent.click(button('Turn on'));
    expect(button('Turn on').disabled).toBe(true);
    await app.settle();

    type('Code', CURRENT_CODE);
    fireEvent.click(button('Confirm'));
    expect(button('Confirm').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
  });

  it('disables Turn off while it is in flight', async () => {
    api.enabled = true;
    held = ['/disable'];
    await open();
    type('Code to turn it off', CURRENT_CODE);
    fireEvent.click(button('Turn off'));
    expect(button('Turn off').disabled).toBe(true);
  });

  it('says why the setting could not be read', async () => {
    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: TWO_FACTOR_MESSAGES.cannotCheck });
    const app = await renderApp('/account', (path, init) =>
      path === '/api/auth/account' ? jsonResponse(200, 'OK', account) : api.answer(path, init),
    );
    await act(() => waitForState(app.store, (state) => state.twoFactor.loadError !== null));
    expect(within(section()).getByRole('alert').textContent).toBe(TWO_FACTOR_MESSAGES.cannotCheck);
    expect(within(section()).queryByRole('button')).toBeNull();
  });
});
