/**
 * Escalation (docs/alarms.md, "Escalation"): an alarm nobody acknowledges reaches more people, step
 * by step. Each step names who and after how many minutes without acknowledgement; acknowledging
 * stops the steps not yet sent. Step 1 (at once) is what every alarm already owes: its e-mails to
 * the opted-in users and its webhook message, sent per event by the alarm channels. The later steps
 * are owed once per alarm, recorded when the alarm opens (alarm_escalations) and performed by the
 * mailer when they fall due.
 */

/** Who a step notifies: the users with e-mails on for the site, or everyone with access to it. */
export const ESCALATION_AUDIENCES = ['opted-in', 'everyone'] as const;

export type EscalationAudience = (typeof ESCALATION_AUDIENCES)[number];

/** One step of a policy. */
export interface EscalationStep {
  /** Its place, from 1. */
  step: number;
  /** Minutes after the alarm opened, if nobody has acknowledged it by then; 0: at once. */
  afterMinutes: number;
  audience: EscalationAudience;
}

/**
 * Every site's policy: step 1 is today's behaviour (the opted-in users, at once), step 2 reaches
 * everyone with access after 5 minutes without acknowledgement.
 */
export const DEFAULT_ESCALATION_POLICY: readonly EscalationStep[] = [
  { step: 1, afterMinutes: 0, audience: 'opted-in' },
  { step: 2, afterMinutes: 5, audience: 'everyone' },
];

/** The steps owed once per alarm, later than at once: what alarm_escalations records. */
export function delayedSteps(policy: readonly EscalationStep[]): EscalationStep[] {
  return policy.filter((step) => step.afterMinutes > 0);
}

/**
 * A site's own later steps (Site Configuration): step 1 is always what every alarm owes at once;
 * the later steps are the site's, each after more minutes than the one before. None: no escalation.
 */
export const ESCALATION_LIMITS = { steps: 5, minMinutes: 1, maxMinutes: 1440 } as const;

/** A later step as a site sets it: after how many minutes without acknowledgement, and who. */
export type EscalationStepSetting = Pick<EscalationStep, 'afterMinutes' | 'audience'>;

/** The whole policy from a site's later steps: step 1 at once, then the site's, numbered from 2. */
export function escalationPolicyOf(later: readonly EscalationStepSetting[]): EscalationStep[] {
  return [DEFAULT_ESCALATION_POLICY[0], ...later.map((step, index) => ({ ...step, step: index + 2 }))];
}

/** Why a site's later steps are refused, or null when they are fine. */
export function escalationStepsProblem(later: readonly EscalationStepSetting[]): string | null {
  if (later.length > ESCALATION_LIMITS.steps) return ESCALATION_MESSAGES.tooManySteps;
  for (const [index, step] of later.entries()) {
    if (!(ESCALATION_AUDIENCES as readonly string[]).includes(step.audience)) return ESCALATION_MESSAGES.audience;
    const { minMinutes, maxMinutes } = ESCALATION_LIMITS;
    if (!Number.isInteger(step.afterMinutes) || step.afterMinutes < minMinutes || step.afterMinutes > maxMinutes)
      return ESCALATION_MESSAGES.minutes;
    if (index > 0 && step.afterMinutes <= later[index - 1].afterMinutes) return ESCALATION_MESSAGES.order;
  }
  return null;
}

/** The API's refusals. */
export const ESCALATION_MESSAGES = {
  tooManySteps: `A site has at most ${ESCALATION_LIMITS.steps} later steps`,
  minutes: `Each step comes after 1 to ${ESCALATION_LIMITS.maxMinutes} minutes`,
  order: 'Each step comes after more minutes than the one before',
  audience: "Each step reaches 'opted-in' or 'everyone'",
} as const;

/**
 * What became of a delayed step: 'owed' until due, 'sent' once its mails were recorded owed (each
 * mail then has its own delivery), 'stopped' when the alarm was acknowledged or cleared before it
 * was due (or it had nobody to notify), 'failed' when it could not be taken.
 */
export const ESCALATION_STEP_STATUSES = ['owed', 'sent', 'stopped', 'failed'] as const;

export type EscalationStepStatus = (typeof ESCALATION_STEP_STATUSES)[number];

/** How the timeline and the e-mail name a step's audience. */
export const ESCALATION_AUDIENCE_LABELS: Readonly<Record<EscalationAudience, string>> = {
  'opted-in': 'the users with e-mails on',
  everyone: 'everyone with access',
};

/** Why a step was not sent. */
export const ESCALATION_STOP_REASONS = {
  acknowledged: (by: string) => `Acknowledged by ${by || 'a user'} before it was due`,
  cleared: 'Cleared before it was due',
  nobody: 'Nobody to notify',
  nobodyAwake: 'Nobody to notify outside their quiet hours',
  alarmGone: 'The alarm is no longer stored',
} as const;
