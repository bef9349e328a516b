import { act, fireEvent, screen, within } from '@testing-library/react';
import { WEBHOOK_MESSAGES, type SiteWebhook, type WebhookDeliveryView } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, requestsOf, signIn, type Answer } from '../../../test/render-app.util';
import { siteSummaryOf } from '../../../test/site-summary.fixture';

const hwaddr = '0011aabbccdd';
const webhookPath = `/api/v2/sites/${hwaddr}/webhook`;
const site = siteSummaryOf(hwaddr);
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const saved: SiteWebhook = {
  url: 'https://bms.example.org/hook',
  secret,
  createdAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-01T09:00:00.000Z',
};
const fire: WebhookDeliveryView = {
  messageId: 'alarm-0011aabbccdd-7',
  type: 'alarm.fire',
  state: 'retrying',
  createdAt: '2026-05-01T10:00:00.000Z',
  deliveredAt: null,
  reason: null,
  possibleRepeat: true,
  attempts: [1, 2, 3].map((attempt) => ({
    attempt,
    at: '2026-05-01T10:00:05.000Z',
    statusCode: 500,
    error: 'HTTP 500',
    durationMs: 30,
  })),
};
const cancelled: WebhookDeliveryView = {
  ...fire,
  messageId: 'outage-4-lost',
  type: 'panel.communication_lost',
  state: 'cancelled',
  reason: 'The webhook was removed',
  possibleRepeat: false,
  attempts: [],
};

/** The site's Configuration tab, with the webhook API answered by `webhookAnswer` (pending when it answers nothing). */
function openConfiguration(webhookAnswer: Answer) {
  return renderApp(`/site/${hwaddr}/about`, (path, init) => {
    if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
    if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [site]);
    return path.startsWith(webhookPath) ? webhookAnswer(path.slice(webhookPath.length), init) : undefined;
  });
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const urlField = () => screen.getByLabelText('Receiver address') as HTMLInputElement;

describe('Site Configuration: the webhook section', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it('explains webhooks and keeps Save disabled, with the reason shown, until the address is https://', async () => {
    const app = await openConfiguration((path, init) => {
      if (path === '' && init?.method === 'PUT')
        return jsonResponse(200, 'OK', { ...saved, url: 'https://bms.example.org/hook' });
      if (path === '') return jsonResponse(200, 'OK', { webhook: null });
      if (path === '/deliveries') return jsonResponse(200, 'OK', []);
      return undefined;
    });
    const section = (await screen.findByRole('heading', { name: 'Webhook' })).closest('section') as HTMLElement;
    expect(section.textContent).toContain(
      "Alarm receiving centres and building-management systems can take this site's fire, fault, communication and test mode messages over HTTPS",
    );
    expect(section.textContent).toContain('signed with its secret per the Standard Webhooks specification');
    await screen.findByLabelText('Receiver address');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText("Enter the receiver's https:// address.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send test' })).toBeNull();

    fireEvent.change(urlField(), { target: { value: 'http://bms.example.org/hook' } });
    expect(saveButton().disabled).toBe(true);
    const reason = screen.getByText('The address must start with https://.');
    expect(saveButton().getAttribute('aria-describedby')).toBe(reason.id);
    expect(urlField().classList.contains('is-invalid')).toBe(true);

    fireEvent.change(urlField(), { target: { value: ' https://bms.example.org/hook ' } });
    expect(saveButton().disabled).toBe(false);
    expect(screen.queryByText('The address must start with https://.')).toBeNull();
    fireEvent.click(saveButton());

    expect(await screen.findByText(secret)).toBeTruthy();
    const put = app.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ url: 'https://bms.example.org/hook' });
    for (const name of ['New secret', 'Remove', 'Send test']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('This address is saved.')).toBeTruthy();
    expect(screen.getByText("No deliveries yet: 'Send test' sends one.")).toBeTruthy();
  });

  it('shows the deliveries, copies the secret and shows a refused save', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      const app = await openConfiguration((path, init) => {
        if (path === '' && init?.method === 'PUT')
          return jsonResponse(400, 'Bad Request', { err: WEBHOOK_MESSAGES.urlPrivate });
        if (path === '') return jsonResponse(200, 'OK', { webhook: saved });
        if (path === '/deliveries') return jsonResponse(200, 'OK', [fire, cancelled]);
        return undefined;
      });
      const table = await screen.findByRole('table');
      const rows = within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['Time (UTC)', 'Type', 'State', 'Tries'],
        ['01/05/2026 10:00:00 UTC', 'Fire', 'RetryingPossible repeat', '3 tries, last 500'],
        ['01/05/2026 10:00:00 UTC', 'Communication lost', 'CancelledThe webhook was removed', 'Not tried yet'],
      ]);
      // On a phone each cell carries its column's name.
      expect(
        [...table.querySelectorAll('tbody tr:first-child td')].map((cell) => cell.getAttribute('data-label')),
      ).toEqual(['Time (UTC)', 'Type', 'State', 'Tries']);

      expect(screen.getByText(secret).tagName).toBe('CODE');
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      expect(await screen.findByText('Copied.')).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith(secret);

      fireEvent.change(urlField(), { target: { value: 'https://10.0.0.5/hook' } });
      fireEvent.click(saveButton());
      await act(() => waitForState(app.store, (state) => state.webhooks.forms.saveWebhook.error !== null));
      expect(screen.getByRole('alert').textContent).toBe(WEBHOOK_MESSAGES.urlPrivate);
      // The typed address stays for the user to correct.
      expect(urlField().value).toBe('https://10.0.0.5/hook');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('asks before a new secret and before removing, and lists a test message on top', async () => {
    let webhook: SiteWebhook | null = saved;
    let deliveries = [cancelled];
    const test: WebhookDeliveryView = {
      ...fire,
      messageId: 'test-1',
      type: 'webhook.test',
      state: 'owed',
      attempts: [],
    };
    const app = await openConfiguration((path, init) => {
      if (path === '' && init?.method === 'PUT') {
        webhook = { ...saved, secret: 'whsec_Bn5Xw0uZQ2d5a4bJ0m3p7T8v9Ykq1LxC', updatedAt: '2026-05-02T08:00:00.000Z' };
        return jsonResponse(200, 'OK', webhook);
      }
      if (path === '' && init?.method === 'DELETE') {
        webhook = null;
        return jsonResponse(200, 'OK', {});
      }
      if (path === '') return jsonResponse(200, 'OK', { webhook });
      if (path === '/test') {
        deliveries = [test, ...deliveries];
        return jsonResponse(200, 'OK', test);
      }
      if (path === '/deliveries') return jsonResponse(200, 'OK', deliveries);
      return undefined;
    });
    await screen.findByText(secret);

    fireEvent.click(screen.getByRole('button', { name: 'New secret' }));
    const question = await screen.findByRole('dialog');
    expect(question.textContent).toContain('each receiver must be given it');
    expect(requestsOf(app.fetchMock).filter((request) => request.startsWith('PUT'))).toEqual([]);
    fireEvent.click(within(question).getByRole('button', { name: 'Make new secret' }));
    expect(await screen.findByText('whsec_Bn5Xw0uZQ2d5a4bJ0m3p7T8v9Ykq1LxC')).toBeTruthy();
    const put = app.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ url: saved.url, newSecret: true });

    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await screen.findByText('Test message queued: it is listed under Deliveries.');
    const firstRow = screen.getAllByRole('row')[1];
    expect(firstRow.textContent).toContain('Test message');
    expect(firstRow.textContent).toContain('Owed');

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove webhook' }));
    await screen.findByText("Enter the receiver's https:// address.");
    expect(requestsOf(app.fetchMock)).toContain(`DELETE ${webhookPath}`);
    expect(screen.queryByText('whsec_Bn5Xw0uZQ2d5a4bJ0m3p7T8v9Ykq1LxC')).toBeNull();
  });
});
