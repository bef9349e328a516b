/**
 * CSV as RFC 4180 writes it (CRLF line ends, a field quoted when it holds a comma, a quote or a line
 * break, quotes doubled), made safe to open in a spreadsheet program.
 */

/** Written first: spreadsheet programs (Excel above all) read a file as UTF-8 only when it starts with it. */
export const CSV_BOM = '\uFEFF';

export const CSV_LINE_END = '\r\n';

/**
 * A text starting with one of these is taken for a formula by spreadsheet programs (CSV injection:
 * an event title '=HYPERLINK(…)' from a panel would run when the file is opened).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: a text that could start a formula gets a leading `'`, then it is quoted if it must be. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its line end. */
export function csvRecord(fields: ReadonlyArray<string | number>): string {
  return fields.map(csvField).join(',') + CSV_LINE_END;
}
