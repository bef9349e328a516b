import { PublishQueue } from './publish-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('PublishQueue', () => {
  it('runs jobs one at a time in order', async () => {
    const order: number[] = [];
    const gates = [deferred(), deferred()];
    const queue = new PublishQueue(10, { pause: jest.fn(), resume: jest.fn() }, jest.fn());
    const done = deferred();
    queue.push(async () => {
      await gates[0].promise;
      order.push(1);
    });
    queue.push(async () => {
      order.push(2);
      done.resolve();
    });
    expect(order).toEqual([]);
    gates[0].resolve();
    await done.promise;
    expect(order).toEqual([1, 2]);
  });

  it('pauses its source at the high-water mark and resumes at half', async () => {
    const flow = { pause: jest.fn(), resume: jest.fn() };
    const queue = new PublishQueue(4, flow, jest.fn());
    const gate = deferred();
    const finished = deferred();
    let ran = 0;
    for (let i = 0; i < 5; i++) {
      queue.push(async () => {
        if (i === 0) await gate.promise;
        ran += 1;
        if (ran === 5) finished.resolve();
      });
    }
    expect(flow.pause).toHaveBeenCalledTimes(1);
    expect(queue.isPaused).toBe(true);
    gate.resolve();
    await finished.promise;
    expect(flow.resume).toHaveBeenCalledTimes(1);
    expect(queue.isPaused).toBe(false);
  });

  it('reports a failed job and goes on', async () => {
    const errors: unknown[] = [];
    const queue = new PublishQueue(4, { pause: jest.fn(), resume: jest.fn() }, (error) => errors.push(error));
    const done = deferred();
    queue.push(async () => {
      throw new Error('boom');
    });
    queue.push(async () => done.resolve());
    await done.promise;
    expect(errors).toEqual([new Error('boom')]);
  });

  it('drops queued jobs when stopped', async () => {
    const queue = new PublishQueue(4, { pause: jest.fn(), resume: jest.fn() }, jest.fn());
    const gate = deferred();
    const second = jest.fn(async () => undefined);
    queue.push(() => gate.promise);
    queue.push(second);
    queue.stop();
    gate.resolve();
    await gate.promise;
    await Promise.resolve();
    expect(second).not.toHaveBeenCalled();
    expect(queue.length).toBe(0);
  });
});
