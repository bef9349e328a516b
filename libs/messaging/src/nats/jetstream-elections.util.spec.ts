import { JetStreamApiError } from '@nats-io/jetstream';
import { TimeoutError } from '@nats-io/transport-node';
import { metElection, throughElections } from './jetstream-elections.util';

const apiError = (code: number, status: number, description: string) =>
  new JetStreamApiError({ err_code: code, code: status, description });
const unavailable = () => apiError(10008, 503, 'JetStream system temporarily unavailable');

function recorder() {
  const warnings: Array<{ fields: object; message: string }> = [];
  const sleeps: number[] = [];
  return {
    warnings,
    sleeps,
    options: {
      logger: { warn: (fields: object, message: string) => warnings.push({ fields, message }) },
      sleep: async (ms: number) => void sleeps.push(ms),
    },
  };
}

describe('metElection', () => {
  it('tells an election (no leader yet, the leader changed, no answer) from other refusals', () => {
    expect(metElection(unavailable())).toBe(true);
    expect(metElection(apiError(10009, 500, 'JetStream cluster can not handle request'))).toBe(true);
    expect(metElection(new TimeoutError())).toBe(true);
    expect(metElection(apiError(10059, 404, 'stream not found'))).toBe(false);
    expect(metElection(apiError(10074, 500, 'replicas > 1 not supported in non-clustered mode'))).toBe(false);
    expect(metElection(new Error('connection refused'))).toBe(false);
  });
});

describe('throughElections', () => {
  it('tries a step again while it meets elections, saying so, and returns what it gave', async () => {
    const { options, warnings, sleeps } = recorder();
    const failures = [unavailable(), new TimeoutError(), unavailable()];
    const step = jest.fn(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return 'created';
    });
    await expect(throughElections('streams', step, options)).resolves.toBe('created');
    expect(step).toHaveBeenCalledTimes(4);
    expect(sleeps).toEqual([250, 500, 1000]);
    expect(warnings.map((warning) => warning.message)).toEqual(
      Array(3).fill('streams: JetStream has no leader for it yet, trying again'),
    );
  });

  it('throws any other error at once', async () => {
    const { options, sleeps } = recorder();
    const refusal = apiError(10074, 500, 'replicas > 1 not supported in non-clustered mode');
    await expect(throughElections('streams', () => Promise.reject(refusal), options)).rejects.toBe(refusal);
    expect(sleeps).toEqual([]);
  });

  it('gives up once its time is out, with the last error', async () => {
    const { options } = recorder();
    const last = unavailable();
    const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, 20));
    await expect(
      throughElections('streams', () => Promise.reject(last), { ...options, sleep, withinMs: 50 }),
    ).rejects.toBe(last);
  });
});
