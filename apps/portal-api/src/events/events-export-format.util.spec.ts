import { eventsExportFileName, eventsExportHeader, eventsExportRow } from './events-export-format.util';

describe('events export format', () => {
  it('writes the header row', () => {
    expect(eventsExportHeader()).toBe('Date (UTC),Network,Category,Title,Location,Event ID,Test,Panel time (UTC)\r\n');
  });

  it("writes an event with its arrival as the spec writes times, in UTC, its category's label and the panel's clock", () => {
    const row = eventsExportRow({
      id: '9007199254740993',
      networkId: 2,
      category: 'fault',
      title: 'Earth fault, "loop 1"',
      date: new Date('2024-06-01T01:05:00.000+02:00'),
      receivedAt: new Date('2024-06-01T01:30:05.250+02:00'),
      location: '=cmd',
      test: false,
    });
    expect(row).toBe(
      '31/05/2024 23:30:05,2,Fault,"Earth fault, ""loop 1""",\'=cmd,9007199254740993,,31/05/2024 23:05:00\r\n',
    );
  });

  it("marks an event that arrived during its site's test mode", () => {
    const row = eventsExportRow({
      id: '12',
      networkId: 1,
      category: 'fire',
      title: 'Detector 4',
      date: new Date('2024-06-01T10:00:00.000Z'),
      receivedAt: new Date('2024-06-01T10:00:00.000Z'),
      location: 'Hall',
      test: true,
    });
    expect(row).toBe('01/06/2024 10:00:00,1,Fire,Detector 4,Hall,12,Test,01/06/2024 10:00:00\r\n');
  });

  it("names the file after the user's nickname of the site, made safe, and the days of the range", () => {
    const from = new Date('2024-01-01T00:00:00.000Z');
    const to = new Date('2024-12-31T23:59:59.999Z');
    expect(eventsExportFileName('Head Office', '00a0b1c2d3e4', from, to)).toBe(
      'events-head-office-2024-01-01-2024-12-31.csv',
    );
    expect(eventsExportFileName('  Dépôt / "Nord"; rm -rf ', '00a0b1c2d3e4', from, to)).toBe(
      'events-depot-nord-rm-rf-2024-01-01-2024-12-31.csv',
    );
  });

  it('names the panel and the category when the export holds only theirs', () => {
    const from = new Date('2024-01-01T00:00:00.000Z');
    const to = new Date('2024-01-31T12:00:00.000Z');
    expect(eventsExportFileName('Depot', '00a0b1c2d3e4', from, to, { networkId: 2 })).toBe(
      'events-depot-panel-2-2024-01-01-2024-01-31.csv',
    );
    expect(eventsExportFileName('Depot', '00a0b1c2d3e4', from, to, { networkId: 0, category: 'fault' })).toBe(
      'events-depot-panel-0-fault-2024-01-01-2024-01-31.csv',
    );
    expect(eventsExportFileName('Depot', '00a0b1c2d3e4', from, to, { category: 'fire' })).toBe(
      'events-depot-fire-2024-01-01-2024-01-31.csv',
    );
  });

  it('names the file after the MAC when the nickname leaves nothing', () => {
    const day = new Date('2024-03-05T10:00:00.000Z');
    expect(eventsExportFileName('', '00a0b1c2d3e4', day, day)).toBe('events-00a0b1c2d3e4-2024-03-05-2024-03-05.csv');
    expect(eventsExportFileName('火災', '00a0b1c2d3e4', day, day)).toBe(
      'events-00a0b1c2d3e4-2024-03-05-2024-03-05.csv',
    );
  });
});
