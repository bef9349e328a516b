import { PendingCommands } from './pending-commands';

describe('PendingCommands', () => {
  it("sends a command under the correlation id it came with, and resolves it with the panel's answer", async () => {
    const pending = new PendingCommands(60_000);
    const { correlationId, outcome } = pending.open('6c1f2b1e-8d4a-4f7e-9a51-3b0f0c2d1e9a');
    expect(correlationId).toBe('6c1f2b1e-8d4a-4f7e-9a51-3b0f0c2d1e9a');
    expect(pending.resolve({ type: 'commandResult', correlationId, ok: true })).toBe(true);
    await expect(outcome).resolves.toEqual({ ok: true, proof: undefined });
  });

  it('gives a second command waiting under the same id that id with a suffix, within 64 characters', async () => {
    const pending = new PendingCommands(60_000);
    const long = 'r'.repeat(64);
    const first = pending.open(long);
    const second = pending.open(long);
    const third = pending.open(long);
    expect(first.correlationId).toBe(long);
    expect(second.correlationId).toBe(`${'r'.repeat(62)}.2`);
    expect(third.correlationId).toBe(`${'r'.repeat(62)}.3`);
    pending.resolve({ type: 'commandResult', correlationId: second.correlationId, ok: false, reason: 'no' });
    await expect(second.outcome).resolves.toEqual({ ok: false, reason: 'no', failure: 'refused' });
    pending.closeAll();
    await expect(first.outcome).resolves.toMatchObject({ failure: 'not-connected' });
  });

  it('makes an id of its own for a command without a well-formed one', () => {
    const pending = new PendingCommands(60_000);
    expect(pending.open(undefined).correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(pending.open('not one').correlationId).toMatch(/^[0-9a-f-]{36}$/);
    pending.closeAll();
  });
});
