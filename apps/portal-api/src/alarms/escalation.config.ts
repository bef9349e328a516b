import { env, readConfig } from '@app/config';

type Env = Record<string, string | undefined>;

/** How an escalation policy's minutes are counted (docs/alarms.md, "Escalation"). */
export class EscalationConfig {
  constructor(
    /**
     * ESCALATION_MINUTE_MS: the length of a policy's minute, 60000. Shortened only where a step must
     * fall due within a test or a demonstration.
     */
    readonly minuteMs: number,
  ) {}
}

export function readEscalationConfig(source: Env = process.env): EscalationConfig {
  const values = readConfig({ ESCALATION_MINUTE_MS: env.int({ fallback: 60_000, min: 10, max: 60_000 }) }, source);
  return new EscalationConfig(values.ESCALATION_MINUTE_MS);
}
