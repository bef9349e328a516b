import { assertPanelEventMessage } from './panel-event-message.validation';

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

describe('assertPanelEventMessage', () => {
  it('accepts an event of the contract', () => {
    expect(() => assertPanelEventMessage(event)).not.toThrow();
    expect(() => assertPanelEventMessage({ ...event, title: '', location: '', seq: 0 })).not.toThrow();
  });

  it.each([
    ['not an object', [1, 2], /not an event object/],
    ['null', null, /not an event object/],
    ['a bad hwaddr', { ...event, hwaddr: '00:11:aa:bb:cc:dd' }, /bad hwaddr "00:11:aa:bb:cc:dd"/],
    ['a negative seq', { ...event, seq: -1 }, /bad seq -1/],
    ['a seq that is not a number', { ...event, seq: 'three' }, /bad seq "three"/],
    ['a network out of range', { ...event, networkId: 1000 }, /bad networkId 1000/],
    ['an unknown category', { ...event, category: 'smoke' }, /bad category "smoke"/],
    ['a title that is not text', { ...event, title: 42 }, /bad title/],
    ['no location', { ...event, location: undefined }, /bad location/],
    ['no receive time', { ...event, receivedAt: undefined }, /bad receivedAt undefined/],
    ['a panel date that is not a time', { ...event, panelDate: 'yesterday' }, /bad panelDate "yesterday"/],
    ['a receive time that is not a time', { ...event, receivedAt: '2026-13-45T99:00:00Z' }, /bad receivedAt/],
  ])('refuses %s', (_, payload, reason) => {
    expect(() => assertPanelEventMessage(payload)).toThrow(reason);
  });

  it('shortens a long refused value', () => {
    expect(() => assertPanelEventMessage({ ...event, hwaddr: 'x'.repeat(500) })).toThrow(/^bad hwaddr "x{39}…$/);
  });
});
