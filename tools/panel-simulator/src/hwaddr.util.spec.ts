import { panelHwaddrs } from './hwaddr.util';

describe('panelHwaddrs', () => {
  it('counts up from the base', () => {
    expect(panelHwaddrs(3, '0011aabbccfe')).toEqual(['0011aabbccfe', '0011aabbccff', '0011aabbcd00']);
  });

  it('wraps past ffffffffffff', () => {
    expect(panelHwaddrs(2, 'ffffffffffff')).toEqual(['ffffffffffff', '000000000000']);
  });

  it('draws a random base when none is given', () => {
    const [first] = panelHwaddrs(1);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
  });
});
