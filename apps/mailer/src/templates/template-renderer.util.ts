import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A mail as the templates render it, before the transport adds sender and recipient. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type TemplateValues = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/**
 * Replaces each `{{name}}` with its value, HTML-escaped when `html` is set. A placeholder without a
 * value throws: a template and its caller that disagree are a bug to see at once, not a blank.
 */
export function fillTemplate(template: string, values: TemplateValues, options: { html: boolean }): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`template placeholder '${name}' has no value`);
    return options.html ? escapeHtml(value) : value;
  });
}

/** One mail kind's templates: `<name>.txt`, whose first line is `Subject: …`, and `<name>.html`. */
export class MailTemplate {
  private constructor(
    readonly name: string,
    private readonly subject: string,
    private readonly text: string,
    private readonly html: string,
  ) {}

  static parse(name: string, textSource: string, htmlSource: string): MailTemplate {
    const match = /^Subject: (.+)\r?\n\r?\n([\s\S]*)$/.exec(textSource);
    if (!match) throw new Error(`mail template ${name}.txt must start with a 'Subject: ' line and a blank line`);
    return new MailTemplate(name, match[1].trim(), match[2], htmlSource);
  }

  /** Reads `<name>.txt` and `<name>.html` from `directory`. */
  static load(directory: string, name: string): MailTemplate {
    const read = (extension: string) => readFileSync(join(directory, `${name}.${extension}`), 'utf8');
    return MailTemplate.parse(name, read('txt'), read('html'));
  }

  render(values: TemplateValues): RenderedMail {
    return {
      // A subject is one line, whatever a value holds.
      subject: fillTemplate(this.subject, values, { html: false }).replace(/\s*[\r\n]+\s*/g, ' '),
      text: fillTemplate(this.text, values, { html: false }),
      html: fillTemplate(this.html, values, { html: true }),
    };
  }
}

/** The folder of the template files: beside this file, in the sources and in the build alike. */
export const MAIL_TEMPLATES_DIR = __dirname;
