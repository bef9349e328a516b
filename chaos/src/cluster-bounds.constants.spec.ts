import { GATEWAY_LIVENESS_TTL_MS } from '@app/messaging';
import { GATEWAY_COPY_DEATH_BOUND_MS } from './cluster-bounds.constants';

describe('the bounds a cluster chaos run judges by', () => {
  it("holds a dead gateway copy's panels to its sign of life's time to live, plus 2 s", () => {
    expect(GATEWAY_COPY_DEATH_BOUND_MS).toBe(GATEWAY_LIVENESS_TTL_MS + 2000);
  });
});
