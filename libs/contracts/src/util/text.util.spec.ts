import { capitalise, textContentProblem } from './text.util';

describe('capitalise', () => {
  it('uppercases the first letter only', () => {
    expect(capitalise('fire')).toBe('Fire');
    expect(capitalise('technical alarm')).toBe('Technical alarm');
    expect(capitalise('Fault')).toBe('Fault');
  });

  it('keeps an empty string', () => {
    expect(capitalise('')).toBe('');
  });
});

describe('textContentProblem', () => {
  it('accepts ordinary text, tab, newline and characters outside the BMP', () => {
    for (const text of [
      '',
      'Head office',
      'Zone 1\tEast',
      'line one\nline two',
      'Café Ünïcödé',
      '火災報知器',
      'Bell 🔔 ok',
    ]) {
      expect(textContentProblem(text)).toBeNull();
    }
  });

  it('names the control character it finds', () => {
    expect(textContentProblem('a\u0000b')).toBe('contains the control character U+0000');
    expect(textContentProblem('\r')).toBe('contains the control character U+000D');
    expect(textContentProblem('\u001b[31mred')).toBe('contains the control character U+001B');
    expect(textContentProblem('del\u007f')).toBe('contains the control character U+007F');
    expect(textContentProblem('\u009b2J')).toBe('contains the control character U+009B');
  });

  it('refuses a lone surrogate, high or low, anywhere in the text', () => {
    expect(textContentProblem('a\ud800')).toBe('contains a lone surrogate (U+D800)');
    expect(textContentProblem('\ud83dx')).toBe('contains a lone surrogate (U+D83D)');
    expect(textContentProblem('x\udc00')).toBe('contains a lone surrogate (U+DC00)');
    expect(textContentProblem('\udd14\ud83d')).toBe('contains a lone surrogate (U+DD14)');
  });

  it('accepts the characters just outside the refused ranges', () => {
    expect(textContentProblem(' ~\u00a0\ud7ff\ue000')).toBeNull();
  });

  it.each([
    ['a panel text', 'Zone 3: Kitchen'],
    ['the empty text', ''],
    ['a tab and a newline', 'Loop 1\tDevice 4\nsecond line'],
    ['accents and symbols', 'Détecteur optique – salle №2 °C'],
    ['a surrogate pair (an emoji)', 'Smoke \ud83d\udd25 hall'],
  ])('accepts %s', (_case, text) => {
    expect(textContentProblem(text)).toBeNull();
  });

  it('refuses a lone surrogate decoded from a JSON escape, as a faulty panel firmware sends it', () => {
    const { title } = JSON.parse('{"title":"Fire \\ud800"}') as { title: string };
    expect(textContentProblem(title)).toBe('contains a lone surrogate (U+D800)');
  });
});
