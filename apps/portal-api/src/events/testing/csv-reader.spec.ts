import { CsvReader, parseCsv } from './csv-reader';

describe('CsvReader (test helper)', () => {
  const text = 'a,b\r\n"x, ""y""\nz",\'=1\r\n,\r\n"",q\r\n';
  const records = [
    ['a', 'b'],
    ['x, "y"\nz', "'=1"],
    ['', ''],
    ['', 'q'],
  ];

  it('reads quoted commas, doubled quotes and line breaks', () => {
    expect(parseCsv(`\uFEFF${text}`)).toEqual(records);
  });

  it.each([1, 2, 3, 5, 7])('reads the same when the text arrives in chunks of %i characters', (size) => {
    const read: string[][] = [];
    const reader = new CsvReader((record) => read.push(record));
    for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
    expect(read).toEqual(records);
  });
});
