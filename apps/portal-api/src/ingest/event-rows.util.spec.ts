import { decodeEventRow } from './event-rows.util';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const event = {
  hwaddr: '0011aabbccdd',
  seq: 7,
  networkId: 2,
  category: 'fault',
  title: 'Zone fault',
  location: 'Loop 1',
  panelDate: '2026-11-01T10:00:00.000Z',
  receivedAt: '2026-11-01T10:00:01.000Z',
};

describe('decodeEventRow', () => {
  it('reads an event of the events stream as its row', () => {
    expect(decodeEventRow(encode(event))).toEqual({
      hwaddr: '0011aabbccdd',
      seq: 7,
      networkId: 2,
      category: 'fault',
      title: 'Zone fault',
      location: 'Loop 1',
      date: new Date('2026-11-01T10:00:00.000Z'),
      receivedAt: new Date('2026-11-01T10:00:01.000Z'),
    });
  });

  it('refuses what the contract refuses, dates that are no time included', () => {
    expect(() => decodeEventRow(encode({ ...event, seq: -1 }))).toThrow(/bad seq/);
    expect(() => decodeEventRow(encode({ ...event, panelDate: 'soon' }))).toThrow(/bad panelDate/);
    expect(() => decodeEventRow(encode({ ...event, title: null }))).toThrow(/bad title/);
  });
});
