import { ConfigError } from './config-error';

/**
 * A reader turns one environment variable into a typed value, or throws a ConfigError naming the
 * variable. Readers are combined into an app's configuration schema by `readConfig`.
 */
export type EnvReader<T> = (variable: string, raw: string | undefined) => T;

type Env = Record<string, string | undefined>;

function withDefault<T>(parse: (variable: string, raw: string) => T, fallback?: T): EnvReader<T> {
  return (variable, raw) => {
    if (raw === undefined || raw.trim() === '') {
      if (fallback === undefined) return parse(variable, raw as unknown as string);
      return fallback;
    }
    return parse(variable, raw.trim());
  };
}

function required(variable: string, raw: string | undefined, expected: string): string {
  if (raw === undefined || raw.trim() === '') throw new ConfigError(variable, expected, undefined);
  return raw.trim();
}

export const env = {
  string(fallback?: string): EnvReader<string> {
    return withDefault((variable, raw) => required(variable, raw, 'a non-empty string'), fallback);
  },

  int(options: { fallback?: number; min?: number; max?: number } = {}): EnvReader<number> {
    const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
    const expected = `an integer from ${min} to ${max}`;
    return withDefault((variable, raw) => {
      const text = required(variable, raw, expected);
      const value = Number(text);
      if (!/^-?\d+$/.test(text) || value < min || value > max) throw new ConfigError(variable, expected, text);
      return value;
    }, options.fallback);
  },

  port(fallback?: number): EnvReader<number> {
    const expected = 'a port number from 1 to 65535';
    return withDefault((variable, raw) => {
      const text = required(variable, raw, expected);
      const value = Number(text);
      if (!/^\d+$/.test(text) || value < 1 || value > 65535) throw new ConfigError(variable, expected, text);
      return value;
    }, fallback);
  },

  bool(fallback?: boolean): EnvReader<boolean> {
    const expected = 'true or false';
    return withDefault((variable, raw) => {
      const text = required(variable, raw, expected).toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(text)) return true;
      if (['false', '0', 'no', 'off'].includes(text)) return false;
      throw new ConfigError(variable, expected, raw);
    }, fallback);
  },

  oneOf<const T extends string>(values: readonly T[], fallback?: T): EnvReader<T> {
    const expected = `one of ${values.join(', ')}`;
    return withDefault((variable, raw) => {
      const text = required(variable, raw, expected);
      if (!values.includes(text as T)) throw new ConfigError(variable, expected, text);
      return text as T;
    }, fallback);
  },

  /** A URL whose scheme is one of `protocols` (e.g. ['postgres:', 'postgresql:']). */
  url(protocols: readonly string[], fallback?: string): EnvReader<string> {
    const expected = `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
    return withDefault((variable, raw) => {
      const text = required(variable, raw, expected);
      let parsed: URL;
      try {
        parsed = new URL(text);
      } catch {
        throw new ConfigError(variable, expected, text);
      }
      if (!protocols.includes(parsed.protocol)) throw new ConfigError(variable, expected, text);
      return text;
    }, fallback);
  },

  /** A comma-separated list of URLs, e.g. several NATS servers. */
  urlList(protocols: readonly string[], fallback?: string): EnvReader<string[]> {
    const one = env.url(protocols);
    return withDefault(
      (variable, raw) =>
        required(variable, raw, 'a comma-separated list of URLs')
          .split(',')
          .map((u) => one(variable, u)),
      fallback === undefined ? undefined : fallback.split(','),
    );
  },

  /** A comma-separated list of host:port pairs (empty: none), e.g. Redis Sentinels. */
  hostPortList(): EnvReader<Array<{ host: string; port: number }>> {
    const expected = 'a comma-separated list of host:port';
    return (variable, raw) => {
      const text = raw?.trim() ?? '';
      if (text === '') return [];
      return text.split(',').map((item) => {
        const match = /^\[?([A-Za-z0-9.:_-]+?)\]?:(\d{1,5})$/.exec(item.trim());
        const port = match ? Number(match[2]) : 0;
        if (!match || port < 1 || port > 65535) throw new ConfigError(variable, expected, text);
        return { host: match[1]!, port };
      });
    };
  },

  /** A duration such as '90s', '15m', '1h' or '7d' (a bare number is seconds); read as seconds. */
  duration(fallback?: string): EnvReader<number> {
    const expected = 'a duration such as 90s, 15m, 1h or 7d';
    const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
    const parse = (variable: string, raw: string) => {
      const text = required(variable, raw, expected);
      const match = /^(\d+)\s*([smhd]?)$/.exec(text);
      const seconds = match ? Number(match[1]) * units[match[2] || 's'] : 0;
      if (!match || seconds <= 0) throw new ConfigError(variable, expected, text);
      return seconds;
    };
    return (variable, raw) =>
      parse(variable, raw === undefined || raw.trim() === '' ? (fallback ?? (raw as string)) : raw);
  },

  /** Letters, digits, '_' and '-' only: safe inside NATS subjects, stream names and Redis keys. */
  name(fallback?: string): EnvReader<string> {
    const expected = "letters, digits, '_' or '-' only";
    return (variable, raw) => {
      const text = raw === undefined ? fallback : raw.trim();
      if (text === undefined) throw new ConfigError(variable, expected, undefined);
      if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ConfigError(variable, expected, text);
      return text;
    };
  },
};

export type ConfigSchema = Record<string, EnvReader<unknown>>;
export type ConfigOf<S extends ConfigSchema> = { readonly [K in keyof S]: ReturnType<S[K]> };

/** Reads every variable of the schema at once; the first bad one throws a ConfigError. */
export function readConfig<S extends ConfigSchema>(schema: S, source: Env = process.env): ConfigOf<S> {
  const result: Record<string, unknown> = {};
  for (const [variable, reader] of Object.entries(schema)) {
    result[variable] = reader(variable, source[variable]);
  }
  return Object.freeze(result) as ConfigOf<S>;
}
