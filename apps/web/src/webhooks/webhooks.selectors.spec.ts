import type { WebhookDeliveryView } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { selectDeliveryRows, selectHasOpenDeliveries } from './webhooks.selectors';
import { webhookDeliveriesLoaded, webhookTestQueued } from './webhooks.slice';

const hwaddr = '0011aabbcc51';

const delivery = (messageId: string, patch: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView => ({
  messageId,
  type: 'alarm.fire',
  state: 'delivered',
  createdAt: '2026-05-01T10:00:00.000Z',
  deliveredAt: '2026-05-01T10:00:01.000Z',
  reason: null,
  possibleRepeat: false,
  attempts: [{ attempt: 1, at: '2026-05-01T10:00:01.000Z', statusCode: 200, error: null, durationMs: 40 }],
  ...patch,
});

const failedTries = [1, 2, 3].map((attempt) => ({
  attempt,
  at: '2026-05-01T10:00:05.000Z',
  statusCode: 500,
  error: 'HTTP 500',
  durationMs: 30,
}));

describe("a site's webhook deliveries in the store", () => {
  it('reads each delivery as the Deliveries table shows it', () => {
    const state = rootReducer(
      undefined,
      webhookDeliveriesLoaded({
        hwaddr,
        deliveries: [
          delivery('test-1', { type: 'webhook.test', state: 'owed', deliveredAt: null, attempts: [] }),
          delivery('outage-1-lost', {
            type: 'panel.communication_lost',
            state: 'failed',
            reason: 'Its tries ran out',
            possibleRepeat: true,
            attempts: failedTries,
          }),
          delivery('testmode-1-started', {
            type: 'test_mode.started',
            state: 'retrying',
            attempts: [{ ...failedTries[0], statusCode: null, error: 'No answer within 10000 ms' }],
          }),
          delivery('alarm-2', { state: 'suppressed', reason: 'The site was in test mode', attempts: [] }),
        ],
      }),
    );
    expect(selectDeliveryRows(state, hwaddr)).toEqual([
      expect.objectContaining({ type: 'Test message', state: 'Owed', tries: 'Not tried yet', possibleRepeat: false }),
      expect.objectContaining({
        time: '01/05/2026 10:00:00 UTC',
        type: 'Communication lost',
        state: 'Failed',
        stateBg: 'danger',
        reason: 'Its tries ran out',
        tries: '3 tries, last 500',
        possibleRepeat: true,
      }),
      expect.objectContaining({
        type: 'Test mode started',
        state: 'Retrying',
        tries: '1 try, last: No answer within 10000 ms',
      }),
      expect.objectContaining({ type: 'Fire', state: 'Suppressed', reason: 'The site was in test mode' }),
    ]);
    expect(selectHasOpenDeliveries(state, hwaddr)).toBe(true);
  });

  it('keeps the list, its deliveries and their rows when a refresh changes nothing or one delivery', () => {
    const first = rootReducer(
      undefined,
      webhookDeliveriesLoaded({ hwaddr, deliveries: [delivery('alarm-2', { state: 'sending' }), delivery('alarm-1')] }),
    );
    const rows = selectDeliveryRows(first, hwaddr);

    const same = rootReducer(
      first,
      webhookDeliveriesLoaded({ hwaddr, deliveries: [delivery('alarm-2', { state: 'sending' }), delivery('alarm-1')] }),
    );
    expect(same.webhooks).toBe(first.webhooks);
    expect(selectDeliveryRows(same, hwaddr)).toBe(rows);

    const changed = rootReducer(
      same,
      webhookDeliveriesLoaded({ hwaddr, deliveries: [delivery('alarm-2'), delivery('alarm-1')] }),
    );
    const changedRows = selectDeliveryRows(changed, hwaddr);
    expect(changedRows[0]).not.toBe(rows[0]);
    expect(changedRows[0].state).toBe('Delivered');
    expect(changed.webhooks.sites[hwaddr].deliveries?.[1]).toBe(first.webhooks.sites[hwaddr].deliveries?.[1]);
    expect(changedRows[1]).toBe(rows[1]);
    expect(selectHasOpenDeliveries(changed, hwaddr)).toBe(false);
  });

  it('puts a queued test on top once, the list kept to 50', () => {
    const many = Array.from({ length: 50 }, (_, at) => delivery(`alarm-${50 - at}`));
    let state = rootReducer(undefined, webhookDeliveriesLoaded({ hwaddr, deliveries: many }));
    const test = delivery('test-1', { type: 'webhook.test', state: 'owed', attempts: [] });
    state = rootReducer(state, webhookTestQueued({ hwaddr, delivery: test }));
    state = rootReducer(state, webhookTestQueued({ hwaddr, delivery: test }));

    const ids = state.webhooks.sites[hwaddr].deliveries?.map((known) => known.messageId);
    expect(ids).toHaveLength(50);
    expect(ids?.slice(0, 2)).toEqual(['test-1', 'alarm-50']);
    expect(ids).not.toContain('alarm-1');
  });
});
