import { gatewayBucketKey, gatewayCopyName, gatewayStartId } from './gateway-key.util';

describe('gateway ids', () => {
  it("names a start of a copy after the copy, and gives the copy's name back", () => {
    const id = gatewayStartId('gw-a.example.net-1', '3f9c01d2');
    expect(id).toBe('gw-a.example.net-1.3f9c01d2');
    expect(gatewayCopyName(id)).toBe('gw-a.example.net-1');
    expect(gatewayBucketKey(id)).toBe(id);
  });

  it('takes an id with no start suffix as its own name', () => {
    expect(gatewayCopyName('gateway-a')).toBe('gateway-a');
  });
});
