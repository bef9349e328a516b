import { runNextTurn } from './next-turn.util';

describe('runNextTurn', () => {
  it('runs the tasks of one turn together, in order, after the code at hand', async () => {
    const order: string[] = [];
    runNextTurn(() => order.push('first'));
    runNextTurn(() => order.push('second'));
    order.push('now');
    expect(order).toEqual(['now']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['now', 'first', 'second']);
  });

  it('runs a task queued by a task in the next turn, not in the same one', async () => {
    const order: string[] = [];
    runNextTurn(() => {
      order.push('outer');
      runNextTurn(() => order.push('inner'));
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['outer']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['outer', 'inner']);
  });
});
