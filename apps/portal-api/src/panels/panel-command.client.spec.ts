import type { PanelCommandReply } from '@app/contracts';
import type { NatsService } from '@app/messaging';
import { runInLogContext } from '@app/platform';
import { PanelCommandClient } from './panel-command.client';

type Answer = { kind: 'ok'; body: PanelCommandReply } | { kind: 'no-responders' } | { kind: 'timeout' };

/** The client's reading of the gateway's reply, with NATS replaced by its answer. */
describe('PanelCommandClient', () => {
  let sent: unknown[];

  function clientAnswering(answer: Answer | { kind: 'ok'; body: unknown }): PanelCommandClient {
    const nats = {
      names: { subjects: { panelCommand: (hwaddr: string) => `panel.${hwaddr}.cmd` } },
      request: async (_subject: string, payload: unknown) => {
        sent.push(payload);
        return answer;
      },
    };
    return new PanelCommandClient(nats as unknown as NatsService);
  }

  const send = (client: PanelCommandClient) =>
    client.send('00a0b1c2d3e4', 1, { kind: 'button', action: 'MUTE', data: 'NA' });

  beforeEach(() => {
    sent = [];
  });

  it('sends the command without a correlation id of its own in the body (the headers carry it)', async () => {
    await runInLogContext({ correlationId: 'req-7' }, () => send(clientAnswering({ kind: 'ok', body: { ok: true } })));
    expect(sent).toEqual([
      { hwaddr: '00a0b1c2d3e4', networkId: 1, command: { kind: 'button', action: 'MUTE', data: 'NA' } },
    ]);
  });

  it("reads the gateway's typed failure, never its reason's text", async () => {
    const failed = (failure: string, reason: string) =>
      clientAnswering({ kind: 'ok', body: { ok: false, failure, reason } });
    await expect(send(failed('not-connected', 'anything'))).resolves.toEqual({ outcome: 'not-connected' });
    await expect(send(failed('timeout', 'anything'))).resolves.toEqual({ outcome: 'timeout' });
    await expect(send(failed('unsupported', 'unsupported command: …'))).resolves.toEqual({
      outcome: 'refused',
      failure: 'unsupported',
      reason: 'unsupported command: …',
    });
    // A reason that reads like another failure does not make it one.
    await expect(send(failed('refused', 'not connected'))).resolves.toEqual({
      outcome: 'refused',
      failure: 'refused',
      reason: 'not connected',
    });
    // A failure this portal does not know: the panel refused.
    await expect(send(failed('exploded', 'boom'))).resolves.toEqual({
      outcome: 'refused',
      failure: 'refused',
      reason: 'boom',
    });
  });

  it('reads no responders as not connected, and a request unanswered as a timeout', async () => {
    await expect(send(clientAnswering({ kind: 'no-responders' }))).resolves.toEqual({ outcome: 'not-connected' });
    await expect(send(clientAnswering({ kind: 'timeout' }))).resolves.toEqual({ outcome: 'timeout' });
    await expect(send(clientAnswering({ kind: 'ok', body: { ok: true, keyMatches: false } }))).resolves.toEqual({
      outcome: 'ok',
      keyMatches: false,
    });
  });
});
