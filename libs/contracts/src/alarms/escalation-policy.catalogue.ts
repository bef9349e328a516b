import { HANDLED_BEFORE_RESTORE } from '../restore/handled-before-restore.constants';
import type { AlarmKind } from './alarm-kinds.catalogue';

/**
 * Escalation (docs/alarms.md, "Escalation"): an alarm nobody acknowledges reaches more people, step
 * by step. Each step names who and after how many minutes without acknowledgement; acknowledging
 * stops the steps not yet sent. Step 1 (at once) is what every alarm already owes: its e-mails to
 * the opted-in users and its webhook message, sent per event by the alarm channels. The later steps
 * are owed once per alarm, recorded when the alarm opens (alarm_escalations) and performed by the
 * mailer when they fall due.
 */

/**
 * Who a step notifies: the users with e-mails on for the site, everyone with access to it, or the
 * people it names (among those with access).
 */
export const ESCALATION_AUDIENCES = ['opted-in', 'everyone', 'people'] as const;

export type EscalationAudience = (typeof ESCALATION_AUDIENCES)[number];

/**
 * How a step reaches: e-mail and push to the people of its audience, and a message to the site's
 * webhook (an alarm receiving centre told that nobody acknowledged), when it has one.
 */
export const ESCALATION_CHANNELS = ['email', 'push', 'webhook'] as const;

export type EscalationChannel = (typeof ESCALATION_CHANNELS)[number];

/** How the settings, the timeline and the e-mail name a channel. */
export const ESCALATION_CHANNEL_LABELS: Readonly<Record<EscalationChannel, string>> = {
  email: 'e-mail',
  push: 'push',
  webhook: "the site's webhook",
};

/** What a later step sends when it names no channels (a policy set before steps named them). */
export const DEFAULT_STEP_CHANNELS: readonly EscalationChannel[] = ['email', 'push'];

/** One step of a policy. */
export interface EscalationStep {
  /** Its place, from 1. */
  step: number;
  /** Minutes after the alarm opened, if nobody has acknowledged it by then; 0: at once. */
  afterMinutes: number;
  audience: EscalationAudience;
  /** The users a 'people' step names (ids); empty for the other audiences. */
  people: string[];
  /** How it reaches, in ESCALATION_CHANNELS' order; never empty. */
  channels: EscalationChannel[];
}

/**
 * Every site's policy: step 1 is today's behaviour (the opted-in users, at once), step 2 reaches
 * everyone with access after 5 minutes without acknowledgement.
 */
export const DEFAULT_ESCALATION_POLICY: readonly EscalationStep[] = [
  { step: 1, afterMinutes: 0, audience: 'opted-in', people: [], channels: ['email', 'push', 'webhook'] },
  { step: 2, afterMinutes: 5, audience: 'everyone', people: [], channels: ['email', 'push'] },
];

/** The steps owed once per alarm, later than at once: what alarm_escalations records. */
export function delayedSteps(policy: readonly EscalationStep[]): EscalationStep[] {
  return policy.filter((step) => step.afterMinutes > 0);
}

/**
 * A site's own later steps (Site Configuration): step 1 is always what every alarm owes at once;
 * the later steps are the site's, each after more minutes than the one before. None: no escalation.
 */
export const ESCALATION_LIMITS = { steps: 5, minMinutes: 1, maxMinutes: 1440, people: 20 } as const;

/** A later step as a site sets it: after how many minutes without acknowledgement, who, and how. */
export type EscalationStepSetting = Pick<EscalationStep, 'afterMinutes' | 'audience' | 'people' | 'channels'>;

/**
 * A later step as a request may give it: without channels, DEFAULT_STEP_CHANNELS; `people` only
 * with the 'people' audience.
 */
export type EscalationStepInput = Omit<EscalationStepSetting, 'channels' | 'people'> & {
  people?: string[];
  channels?: EscalationChannel[];
};

/**
 * A step given or stored without channels, with the default ones, in their catalogue order; its
 * people only for the 'people' audience.
 */
export function escalationStepSetting(step: EscalationStepInput): EscalationStepSetting {
  const channels = step.channels ?? DEFAULT_STEP_CHANNELS;
  return {
    afterMinutes: step.afterMinutes,
    audience: step.audience,
    people: step.audience === 'people' ? [...(step.people ?? [])] : [],
    channels: ESCALATION_CHANNELS.filter((channel) => channels.includes(channel)),
  };
}

/** The whole policy from a site's later steps: step 1 at once, then the site's, numbered from 2. */
export function escalationPolicyOf(later: readonly EscalationStepInput[]): EscalationStep[] {
  return [
    DEFAULT_ESCALATION_POLICY[0],
    ...later.map((step, index) => ({ ...escalationStepSetting(step), step: index + 2 })),
  ];
}

/** 'e-mail and push', 'e-mail, push and the site's webhook'. */
export function escalationChannelsText(channels: readonly EscalationChannel[]): string {
  const labels = channels.map((channel) => ESCALATION_CHANNEL_LABELS[channel]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}` : (labels[0] ?? '');
}

/** Why a site's later steps are refused, or null when they are fine. */
export function escalationStepsProblem(later: readonly EscalationStepInput[]): string | null {
  if (later.length > ESCALATION_LIMITS.steps) return ESCALATION_MESSAGES.tooManySteps;
  for (const [index, step] of later.entries()) {
    if (!(ESCALATION_AUDIENCES as readonly string[]).includes(step.audience)) return ESCALATION_MESSAGES.audience;
    if (step.channels !== undefined && !areStepChannels(step.channels)) return ESCALATION_MESSAGES.channels;
    if (!arePeopleOf(step)) return ESCALATION_MESSAGES.people;
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
  audience: "Each step reaches 'opted-in', 'everyone' or 'people'",
  people: `A step to 'people' names 1 to ${ESCALATION_LIMITS.people} people with access to the site, each once`,
  channels: "Each step sends by one or more of 'email', 'push' and 'webhook', each once",
} as const;

/** A 'people' step names some, each once; the others name none. */
function arePeopleOf(step: EscalationStepInput): boolean {
  const people: unknown = step.people;
  if (step.audience !== 'people') return people === undefined || (Array.isArray(people) && people.length === 0);
  return (
    Array.isArray(people) &&
    people.length > 0 &&
    people.length <= ESCALATION_LIMITS.people &&
    people.every((id) => typeof id === 'string' && UUID.test(id)) &&
    new Set(people).size === people.length
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function areStepChannels(channels: readonly unknown[]): boolean {
  return (
    Array.isArray(channels) &&
    channels.length > 0 &&
    channels.every((channel) => (ESCALATION_CHANNELS as readonly unknown[]).includes(channel)) &&
    new Set(channels).size === channels.length
  );
}

/**
 * What became of a delayed step: 'owed' until due, 'sent' once its mails were recorded owed (each
 * mail then has its own delivery), 'stopped' when the alarm was acknowledged or cleared before it
 * was due (or it had nobody to notify), 'failed' when it could not be taken, 'handled-before-restore'
 * when it fell due before a database restore lost its record (docs/backup-restore.md).
 */
export const ESCALATION_STEP_STATUSES = ['owed', 'sent', 'stopped', 'failed', HANDLED_BEFORE_RESTORE] as const;

export type EscalationStepStatus = (typeof ESCALATION_STEP_STATUSES)[number];

/** How the timeline and the e-mail name a step's audience. */
export const ESCALATION_AUDIENCE_LABELS: Readonly<Record<EscalationAudience, string>> = {
  'opted-in': 'the users with e-mails on',
  everyone: 'everyone with access',
  people: 'the people named',
};

/** Why a step was not sent. */
export const ESCALATION_STOP_REASONS = {
  noWebhook: 'The site has no webhook',
  acknowledged: (by: string) => `Acknowledged by ${by || 'a user'} before it was due`,
  cleared: 'Cleared before it was due',
  nobody: 'Nobody to notify',
  nobodyAwake: 'Nobody to notify outside their quiet hours',
  alarmGone: 'The alarm is no longer stored',
} as const;

/**
 * A step taken as the alarm's timeline tells it: 'Step 2: e-mail and push to everyone with access
 * (3)', 'Step 3: push to the users with e-mails on (1); the site's webhook'.
 */
export function escalationStepTakenText(taken: {
  step: number;
  audience: EscalationAudience;
  channels: readonly EscalationChannel[];
  recipients: number;
}): string {
  const people = taken.channels.filter((channel) => channel !== 'webhook');
  const parts = [
    ...(people.length > 0
      ? [`${escalationChannelsText(people)} to ${ESCALATION_AUDIENCE_LABELS[taken.audience]} (${taken.recipients})`]
      : []),
    ...(taken.channels.includes('webhook') ? [ESCALATION_CHANNEL_LABELS.webhook] : []),
  ];
  return `Step ${taken.step}: ${parts.join('; ')}`;
}

/** An alarm nobody acknowledged by one of its steps, as the step's push and webhook message tell it. */
export interface EscalatedAlarm {
  alarmId: number;
  hwaddr: string;
  kind: AlarmKind;
  title: string;
  /** '' when none. */
  location: string;
  openedAt: Date;
  /** The step, from 2, and the policy's minutes nobody acknowledged the alarm in. */
  step: number;
  afterMinutes: number;
}
