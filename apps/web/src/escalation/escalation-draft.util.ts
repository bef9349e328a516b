import {
  DEFAULT_ESCALATION_POLICY,
  DEFAULT_STEP_CHANNELS,
  ESCALATION_CHANNELS,
  ESCALATION_LIMITS,
  ESCALATION_MESSAGES,
  escalationStepsProblem,
  type EscalationAudience,
  type EscalationChannel,
  type EscalationStep,
  type EscalationStepSetting,
  type SitePerson,
} from '@app/contracts';

/** A later step as edited: the minutes as typed, so that an empty or bad field can be shown and refused. */
export interface EscalationStepDraft {
  minutes: string;
  audience: EscalationAudience;
  /** Whom a 'people' step names (user ids), kept while another audience is chosen, sent only with 'people'. */
  people: string[];
  /** How it reaches, in ESCALATION_CHANNELS' order; none ticked is refused. */
  channels: EscalationChannel[];
}

/** A policy's later steps (step 2 on) as the form edits them. */
export function draftOf(steps: readonly EscalationStep[]): EscalationStepDraft[] {
  return steps
    .filter((step) => step.step > 1)
    .map((step) => ({
      minutes: String(step.afterMinutes),
      audience: step.audience,
      people: [...step.people],
      channels: [...step.channels],
    }));
}

/** The default policy's later steps, as 'Use the default' fills them in. */
export const DEFAULT_LATER_STEPS: readonly EscalationStepDraft[] = draftOf(DEFAULT_ESCALATION_POLICY);

/** The steps as the API takes them; a field that is not a number is NaN, which the rules refuse. */
export function settingsOf(draft: readonly EscalationStepDraft[]): EscalationStepSetting[] {
  return draft.map(({ minutes, audience, people, channels }) => ({
    afterMinutes: minutes.trim() === '' ? Number.NaN : Number(minutes.trim()),
    audience,
    people: audience === 'people' ? people : [],
    channels,
  }));
}

export function sameSteps(a: readonly EscalationStepDraft[], b: readonly EscalationStepDraft[]): boolean {
  const [left, right] = [settingsOf(a), settingsOf(b)];
  return (
    left.length === right.length &&
    left.every(
      (step, at) =>
        step.afterMinutes === right[at].afterMinutes &&
        step.audience === right[at].audience &&
        step.people.join() === right[at].people.join() &&
        step.channels.join() === right[at].channels.join(),
    )
  );
}

/** Why the steps cannot be saved (the API's own rule and words), and the first step at fault; null when they can. */
export function draftProblem(draft: readonly EscalationStepDraft[]): { text: string; index: number | null } | null {
  const settings = settingsOf(draft);
  const text = escalationStepsProblem(settings);
  if (text === null) return null;
  // Too many steps is no one step's fault; otherwise the first step whose list up to it is refused.
  if (text === ESCALATION_MESSAGES.tooManySteps) return { text, index: null };
  const index = settings.findIndex((_step, at) => escalationStepsProblem(settings.slice(0, at + 1)) !== null);
  return { text, index };
}

/** 'Add a step': 5 minutes after the last one (as the default's step 2 after step 1), to everyone by e-mail and push. */
export function nextStep(draft: readonly EscalationStepDraft[]): EscalationStepDraft {
  const last = settingsOf(draft).at(-1)?.afterMinutes ?? 0;
  // After a field that is not yet a number, the new one is left for the user to fill in too.
  const minutes = Number.isInteger(last) ? String(Math.min(last + 5, ESCALATION_LIMITS.maxMinutes)) : '';
  return { minutes, audience: 'everyone', people: [], channels: [...DEFAULT_STEP_CHANNELS] };
}

/** The step with `channel` ticked or not, its channels kept in the catalogue's order. */
export function withChannel(step: EscalationStepDraft, channel: EscalationChannel, on: boolean): EscalationStepDraft {
  const channels = ESCALATION_CHANNELS.filter((known) => (known === channel ? on : step.channels.includes(known)));
  return { ...step, channels };
}

/** The step naming `personId` or not, its people kept in the order of `everyone` (the site's, by name). */
export function withPerson(
  step: EscalationStepDraft,
  personId: string,
  on: boolean,
  everyone: readonly SitePerson[],
): EscalationStepDraft {
  const people = everyone.map((person) => person.id).filter((id) => (id === personId ? on : step.people.includes(id)));
  return { ...step, people };
}
