import { formatGatewayAddress, GatewayRotation } from './gateway-rotation';

describe('GatewayRotation', () => {
  const a = { host: 'gw-a.example.com', port: 7700 };
  const b = { host: '10.0.0.2', port: 7700 };
  const c = { host: '10.0.0.3', port: 7800 };

  it('starts with the first address and moves on in turn, back to the first after the last', () => {
    const rotation = new GatewayRotation([a, b, c]);
    const visited = [rotation.current];
    for (let attempt = 0; attempt < 5; attempt++) visited.push(rotation.advance());
    expect(visited).toEqual([a, b, c, a, b, c]);
  });

  it('stays on a single address', () => {
    const rotation = new GatewayRotation([a]);
    expect([rotation.current, rotation.advance(), rotation.advance()]).toEqual([a, a, a]);
  });

  it('keeps its own copy of the list', () => {
    const list = [a, b];
    const rotation = new GatewayRotation(list);
    list.reverse();
    expect([rotation.current, rotation.advance()]).toEqual([a, b]);
  });

  it('refuses an empty list', () => {
    expect(() => new GatewayRotation([])).toThrow('at least one gateway address');
  });

  it('writes addresses as host:port, an IPv6 host in brackets', () => {
    expect(formatGatewayAddress(a)).toBe('gw-a.example.com:7700');
    expect(formatGatewayAddress({ host: '::1', port: 7700 })).toBe('[::1]:7700');
  });
});
