import { nextReconnectDelay } from './reconnect-delay.util';

describe('nextReconnectDelay', () => {
  const limits = { min: 200, max: 2000 };

  it('waits between the minimum and the ceiling, as the random draw says', () => {
    expect(nextReconnectDelay(800, limits, () => 0).waitMs).toBe(200);
    expect(nextReconnectDelay(800, limits, () => 0.5).waitMs).toBe(500);
    expect(nextReconnectDelay(800, limits, () => 0.999999).waitMs).toBe(800);
  });

  it('doubles the ceiling after each attempt, up to the maximum', () => {
    const ceilings: number[] = [];
    let ceiling = limits.min;
    for (let attempt = 0; attempt < 6; attempt++) {
      ceiling = nextReconnectDelay(ceiling, limits, () => 0.5).nextCeiling;
      ceilings.push(ceiling);
    }
    expect(ceilings).toEqual([400, 800, 1600, 2000, 2000, 2000]);
  });

  it('spreads the panels of one restart over the whole window instead of one instant', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const waits = Array.from({ length: 1000 }, () => nextReconnectDelay(2000, limits, random).waitMs);
    const perSecondSlice = [0, 0];
    for (const wait of waits) perSecondSlice[wait < 1100 ? 0 : 1]++;
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...waits)).toBeLessThanOrEqual(2000);
    expect(perSecondSlice[0]).toBeGreaterThan(400);
    expect(perSecondSlice[1]).toBeGreaterThan(400);
  });
});
