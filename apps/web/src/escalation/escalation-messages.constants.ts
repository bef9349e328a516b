import { ESCALATION_AUDIENCE_LABELS, ESCALATION_LIMITS } from '@app/contracts';

/** What the escalation section says. */
export const ESCALATION_TEXT = {
  intro:
    'When nobody acknowledges an alarm, it reaches more people step by step; acknowledging it stops the steps ' +
    'not yet sent. Alarms already open keep the steps they opened with.',
  firstStep: `At once: e-mail to ${ESCALATION_AUDIENCE_LABELS['opted-in']}, push to their phones, and the site's webhook`,
  none: 'No escalation: an alarm nobody acknowledges is not sent again.',
  defaultPolicy: 'Default policy',
  unchanged: 'No changes to save.',
  atLimit: `A site has at most ${ESCALATION_LIMITS.steps} later steps.`,
  saved: 'Saved: alarms that open from now on follow these steps; those already open keep theirs.',
} as const;
