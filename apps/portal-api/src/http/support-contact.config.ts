import { ConfigError, env, readConfig } from '@app/config';

type Env = Record<string, string | undefined>;

/** Who users call or write to, and the company providing the service (help page, footer; GET /api/config). */
export class SupportContactConfig {
  constructor(
    readonly supportPhone: string,
    readonly supportEmail: string,
    readonly supportAddress: string,
    /** Named in the web client's copyright line. */
    readonly providerName: string,
  ) {}
}

const MAX_LENGTH = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Shown as they are on screen: printable text, no template braces left unfilled. */
function checkText(variable: string, value: string): string {
  // eslint-disable-next-line no-control-regex
  if (value.length > MAX_LENGTH || /[\u0000-\u001f\u007f{}]/.test(value)) {
    throw new ConfigError(variable, `printable text of at most ${MAX_LENGTH} characters without braces`, value);
  }
  return value;
}

export function readSupportContactConfig(source: Env = process.env): SupportContactConfig {
  const values = readConfig(
    {
      SUPPORT_PHONE: env.string('+44 20 7946 0000'),
      SUPPORT_EMAIL: env.string('support@firealarmportal.example'),
      SUPPORT_ADDRESS: env.string('1 Station Road, Cambridge CB1 2AA, United Kingdom'),
      PROVIDER_NAME: env.string('Fire Alarm Portal Services Ltd'),
    },
    source,
  );
  const email = checkText('SUPPORT_EMAIL', values.SUPPORT_EMAIL);
  if (!EMAIL.test(email)) throw new ConfigError('SUPPORT_EMAIL', 'an e-mail address', email);
  return new SupportContactConfig(
    checkText('SUPPORT_PHONE', values.SUPPORT_PHONE),
    email,
    checkText('SUPPORT_ADDRESS', values.SUPPORT_ADDRESS),
    checkText('PROVIDER_NAME', values.PROVIDER_NAME),
  );
}
