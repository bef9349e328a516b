import { gatewaysForPanel, parseGatewayAddress } from './gateway-list.util';

describe('parseGatewayAddress', () => {
  it.each([
    ['127.0.0.1:7700', { host: '127.0.0.1', port: 7700 }],
    ['gw-b.example.com:7800', { host: 'gw-b.example.com', port: 7800 }],
    [' gw.example.com:1 ', { host: 'gw.example.com', port: 1 }],
    ['[::1]:7700', { host: '::1', port: 7700 }],
    ['[fd00::2]:65535', { host: 'fd00::2', port: 65535 }],
  ])('reads %j', (text, address) => {
    expect(parseGatewayAddress(text)).toEqual(address);
  });

  it.each(['nohost', ':7700', 'gw:0', 'gw:65536', 'gw:', 'gw:77a', '[::1]', '[]:7700', ''])('refuses %j', (text) => {
    expect(parseGatewayAddress(text)).toBeNull();
  });
});

describe('gatewaysForPanel', () => {
  const a = { host: 'a', port: 7700 };
  const b = { host: 'b', port: 7700 };
  const c = { host: 'c', port: 7700 };

  it('starts each panel on the next copy of the list and keeps the order after it', () => {
    expect(gatewaysForPanel([a, b, c], 0)).toEqual({ first: a, others: [b, c] });
    expect(gatewaysForPanel([a, b, c], 1)).toEqual({ first: b, others: [c, a] });
    expect(gatewaysForPanel([a, b, c], 2)).toEqual({ first: c, others: [a, b] });
    expect(gatewaysForPanel([a, b, c], 3)).toEqual({ first: a, others: [b, c] });
  });

  it('gives every panel the one address of a one-address list', () => {
    expect(gatewaysForPanel([a], 5)).toEqual({ first: a, others: [] });
  });
});
