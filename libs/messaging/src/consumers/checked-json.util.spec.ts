import { assertPanelEventMessage } from '@app/contracts';
import { checkedJson } from './checked-json.util';

const encode = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const event = {
  hwaddr: '0011aabbccdd',
  seq: 7,
  networkId: 1,
  category: 'fire',
  title: 'Fire',
  location: 'Zone 1',
  panelDate: '2026-11-01T10:00:00.000Z',
  receivedAt: '2026-11-01T10:00:01.000Z',
};

// The events contract's own cases are in assertPanelEventMessage's spec (@app/contracts).
describe('checkedJson', () => {
  const decode = checkedJson(assertPanelEventMessage);

  it('reads a payload the check accepts', () => {
    expect(decode(encode(event))).toEqual(event);
  });

  it.each([
    ['not JSON', '{not json', /JSON/],
    ['not an object', '[1, 2]', /not an event object/],
    ['null', 'null', /not an event object/],
    ['a negative seq', { ...event, seq: -1 }, /bad seq/],
    ['no receive time', { ...event, receivedAt: undefined }, /bad receivedAt/],
  ])('refuses %s', (_, payload, reason) => {
    expect(() => decode(encode(payload))).toThrow(reason);
  });
});
