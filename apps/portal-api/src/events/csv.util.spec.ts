import { csvField, csvRecord } from './csv.util';

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Mains restored')).toBe('Mains restored');
    expect(csvField('Café ✓ Zone 3')).toBe('Café ✓ Zone 3');
    expect(csvField(42)).toBe('42');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Zone 3, floor 2')).toBe('"Zone 3, floor 2"');
    expect(csvField('Detector "A"')).toBe('"Detector ""A"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it.each(['=1+2', '+44 113', '-5 V supply', '@SUM(A1)', '\tTabbed', '\rReturn'])(
    'puts a quote mark before %j so that no spreadsheet runs it as a formula',
    (text) => {
      const field = csvField(text);
      expect(field.replace(/^"/, '').startsWith(`'${text[0]}`)).toBe(true);
    },
  );

  it('guards and quotes a formula holding a comma and quotes', () => {
    expect(csvField('=HYPERLINK("http://x.example","Click")')).toBe('"\'=HYPERLINK(""http://x.example"",""Click"")"');
  });

  it('does not guard a number, nor a sign inside the text', () => {
    expect(csvField(-1)).toBe('-1');
    expect(csvField('Zone -3 = fire')).toBe('Zone -3 = fire');
  });
});

describe('csvRecord', () => {
  it('joins the fields with commas and ends the line with CRLF', () => {
    expect(csvRecord(['a', 'b, c', 3])).toBe('a,"b, c",3\r\n');
  });
});
