import { ALARM_STREAK_LIMIT, PublishQueue } from './publish-queue';

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

  it('releases a source it held back when stopped, once', async () => {
    const flow = { pause: jest.fn(), resume: jest.fn() };
    const queue = new PublishQueue(2, flow, jest.fn());
    const gate = deferred();
    queue.push(() => gate.promise);
    queue.push(() => gate.promise);
    expect(flow.pause).toHaveBeenCalledTimes(1);
    queue.stop();
    queue.stop();
    gate.resolve();
    await gate.promise;
    expect(flow.resume).toHaveBeenCalledTimes(1);
    expect(queue.isPaused).toBe(false);
  });

  it('releases nothing when stopped without holding its source back', () => {
    const flow = { pause: jest.fn(), resume: jest.fn() };
    const queue = new PublishQueue(4, flow, jest.fn());
    queue.push(async () => undefined);
    queue.stop();
    expect(flow.resume).not.toHaveBeenCalled();
  });

  it('runs an alarm job before the other jobs waiting, and tells the panel in the order it sent', async () => {
    const ran: string[] = [];
    const told: string[] = [];
    const gate = deferred();
    const done = deferred();
    const queue = new PublishQueue(100, { pause: jest.fn(), resume: jest.fn() }, jest.fn());
    const job =
      (name: string, last = false) =>
      async () => {
        if (name === 'o0') await gate.promise;
        ran.push(name);
        return () => {
          told.push(name);
          if (last) done.resolve();
        };
      };
    queue.push(job('o0'));
    // The first job starts (in the next turn) and holds the queue while the others arrive.
    await new Promise((resolve) => setImmediate(resolve));
    for (let index = 1; index <= 5; index++) queue.push(job(`o${index}`, index === 5));
    queue.push(job('fire'), 'alarm');
    gate.resolve();
    await done.promise;
    expect(ran).toEqual(['o0', 'fire', 'o1', 'o2', 'o3', 'o4', 'o5']);
    expect(told).toEqual(['o0', 'o1', 'o2', 'o3', 'o4', 'o5', 'fire']);
  });

  it('lets one other job through after a streak of alarm jobs, so the others are never starved', async () => {
    const ran: string[] = [];
    const gate = deferred();
    const done = deferred();
    const total = 2 * ALARM_STREAK_LIMIT + 3;
    const queue = new PublishQueue(1000, { pause: jest.fn(), resume: jest.fn() }, jest.fn());
    const job = (name: string) => async () => {
      if (name === 'first') await gate.promise;
      ran.push(name);
      if (ran.length === total + 1) done.resolve();
    };
    queue.push(job('first'));
    await new Promise((resolve) => setImmediate(resolve));
    for (let index = 0; index < 3; index++) queue.push(job(`other${index}`));
    for (let index = 0; index < 2 * ALARM_STREAK_LIMIT; index++) queue.push(job(`alarm${index}`), 'alarm');
    gate.resolve();
    await done.promise;
    const alarms = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `alarm${from + i}`);
    expect(ran).toEqual([
      'first',
      ...alarms(0, ALARM_STREAK_LIMIT),
      'other0',
      ...alarms(ALARM_STREAK_LIMIT, 2 * ALARM_STREAK_LIMIT),
      'other1',
      'other2',
    ]);
  });

  it('tells the panel nothing for a failed job, and still tells the later ones', async () => {
    const told: string[] = [];
    const done = deferred();
    const queue = new PublishQueue(10, { pause: jest.fn(), resume: jest.fn() }, jest.fn());
    queue.push(async () => {
      throw new Error('boom');
    });
    queue.push(async () => () => {
      told.push('second');
      done.resolve();
    });
    await done.promise;
    expect(told).toEqual(['second']);
  });
});
