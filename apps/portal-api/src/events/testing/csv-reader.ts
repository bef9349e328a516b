/**
 * Reads CSV as RFC 4180 writes it (quoted fields may hold commas, doubled quotes and line breaks;
 * CRLF line ends), chunk by chunk as a download streams in: for tests of the events export.
 */
export class CsvReader {
  private field = '';
  private record: string[] = [];
  private inQuotes = false;
  /** A quote inside quotes ended the last chunk: the next character says whether it was doubled. */
  private quoteSeen = false;

  constructor(private readonly onRecord: (record: string[]) => void) {}

  push(text: string): void {
    let at = 0;
    if (this.quoteSeen && text.length > 0) {
      this.quoteSeen = false;
      if (text[0] === '"') {
        this.field += '"';
        at = 1;
      } else this.inQuotes = false;
    }
    while (at < text.length) {
      if (this.inQuotes) {
        const quote = text.indexOf('"', at);
        if (quote === -1) {
          this.field += text.slice(at);
          return;
        }
        this.field += text.slice(at, quote);
        if (quote + 1 === text.length) {
          this.quoteSeen = true;
          return;
        }
        if (text[quote + 1] === '"') this.field += '"';
        else this.inQuotes = false;
        at = quote + (this.inQuotes ? 2 : 1);
        continue;
      }
      SPECIAL.lastIndex = at;
      const special = SPECIAL.exec(text);
      if (special === null) {
        this.field += text.slice(at);
        return;
      }
      const index = special.index;
      this.field += text.slice(at, index);
      const char = text[index];
      if (char === '"' && this.field === '') this.inQuotes = true;
      else if (char === '"') this.field += '"';
      else if (char === ',') this.endField();
      else if (char === '\n') {
        this.endField();
        this.onRecord(this.record);
        this.record = [];
      }
      at = index + 1;
    }
  }

  private endField(): void {
    this.record.push(this.field);
    this.field = '';
  }
}

/** What ends plain text outside quotes (a CR is dropped: it only comes before the LF of a line end). */
const SPECIAL = /[",\n\r]/g;

/** Every record of a whole CSV text (a leading BOM left out). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  new CsvReader((record) => records.push(record)).push(text.replace(/^\uFEFF/, ''));
  return records;
}
