import { StallWatch } from './stall-watch';

describe('StallWatch', () => {
  const position = (ackFloor: number, pending: number, ackPending: number) => ({ ackFloor, pending, ackPending });

  it('reports a consumer with waiting messages and an ack floor that stays put for the window', () => {
    const watch = new StallWatch(60_000);
    expect(watch.observe(position(10, 5, 2), 0)).toBeNull();
    expect(watch.observe(position(10, 5, 2), 59_999)).toBeNull();
    expect(watch.observe(position(10, 7, 2), 60_000)).toBe(
      'stalled: 2 unacked and 7 waiting, nothing acked past stream sequence 10 for 60 s',
    );
  });

  it('reports it up again as soon as the ack floor moves', () => {
    const watch = new StallWatch(1000);
    watch.observe(position(10, 5, 2), 0);
    expect(watch.observe(position(10, 5, 2), 5000)).toMatch(/^stalled/);
    expect(watch.observe(position(11, 4, 2), 5001)).toBeNull();
    expect(watch.observe(position(11, 4, 2), 5500)).toBeNull();
  });

  it('never reports a consumer with nothing waiting, however long its floor stays put', () => {
    const watch = new StallWatch(1000);
    expect(watch.observe(position(10, 0, 0), 0)).toBeNull();
    expect(watch.observe(position(10, 0, 0), 100_000)).toBeNull();
  });

  it('counts the window from when messages started waiting, not from the last move of the floor', () => {
    const watch = new StallWatch(1000);
    watch.observe(position(10, 0, 0), 0);
    // Idle for long, then a message arrives and is in hand: not a stall yet.
    expect(watch.observe(position(10, 0, 1), 100_000)).toBeNull();
    expect(watch.observe(position(10, 0, 1), 100_999)).toBeNull();
    expect(watch.observe(position(10, 0, 1), 101_000)).toMatch(/^stalled/);
  });
});
