import { decodePanelEventMessage } from './panel-event-decoder.util';

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

describe('decodePanelEventMessage', () => {
  it('reads an event of the contract', () => {
    expect(decodePanelEventMessage(encode(event))).toEqual(event);
  });

  it.each([
    ['not JSON', '{not json', /JSON/],
    ['not an object', '[1, 2]', /not an event object/],
    ['null', 'null', /not an event object/],
    ['a bad hwaddr', { ...event, hwaddr: '00:11:aa:bb:cc:dd' }, /bad hwaddr/],
    ['a negative seq', { ...event, seq: -1 }, /bad seq/],
    ['a network out of range', { ...event, networkId: 1000 }, /bad networkId/],
    ['an unknown category', { ...event, category: 'smoke' }, /bad category/],
    ['a title that is not text', { ...event, title: 42 }, /bad title/],
    ['no receive time', { ...event, receivedAt: undefined }, /bad receivedAt/],
  ])('refuses %s', (_, payload, reason) => {
    expect(() => decodePanelEventMessage(encode(payload))).toThrow(reason);
  });
});
