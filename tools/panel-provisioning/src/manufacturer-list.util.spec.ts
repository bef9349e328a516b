import { parseManufacturerList } from './manufacturer-list.util';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'B'.repeat(64);

describe("a manufacturer's list", () => {
  it('reads hwaddr,publicKey lines in any MAC form, skipping comments and blank lines', () => {
    expect(parseManufacturerList(`# batch 42\n0011aabbcc00,${KEY_A}\n\n00:11:AA:BB:CC:01, ${KEY_B}\r\n`)).toEqual({
      ok: true,
      rows: [
        { hwaddr: '0011aabbcc00', publicKey: KEY_A },
        { hwaddr: '0011aabbcc01', publicKey: KEY_B.toLowerCase() },
      ],
    });
  });

  it('names every bad line by its number', () => {
    const list = [
      '# header',
      `0011aabbcc00,${KEY_A}`,
      'nonsense',
      `0011aabbcc0g,${KEY_A}`,
      '0011aabbcc01,abcd',
      `0011aabbcc00,${KEY_A}`,
      `0011aabbcc02,${KEY_A},extra`,
    ].join('\n');
    expect(parseManufacturerList(list)).toEqual({
      ok: false,
      problems: [
        'line 3: expected hwaddr,publicKeyHex',
        "line 4: '0011aabbcc0g' is not a MAC address (12 hex characters)",
        'line 5: the public key of 0011aabbcc01 must be 64 hex characters',
        'line 6: 0011aabbcc00 is already on line 2',
        'line 7: expected hwaddr,publicKeyHex',
      ],
    });
  });

  it('refuses a list without any panel', () => {
    expect(parseManufacturerList('# nothing yet\n')).toEqual({ ok: false, problems: ['the list holds no panel'] });
  });
});
