import { Button, Form } from 'react-bootstrap';
import {
  ESCALATION_AUDIENCE_LABELS,
  ESCALATION_AUDIENCES,
  ESCALATION_CHANNEL_LABELS,
  ESCALATION_CHANNELS,
  ESCALATION_LIMITS,
  type EscalationAudience,
  type SitePerson,
} from '@app/contracts';
import { withChannel, withPerson, type EscalationStepDraft } from '../escalation-draft.util';

/** How a person a step still names, who no longer has access to the site, is shown (to be unticked). */
const FORMER = 'someone who no longer has access';

/**
 * One later step, read as a sentence: 'After [5] minutes without acknowledgement, to [everyone]
 * by [x] e-mail [x] push [ ] the site's webhook'.
 */
export function EscalationStepRow({
  number,
  step,
  people,
  invalid,
  describedBy,
  noControlReason,
  onChange,
  onRemove,
}: {
  /** Its place in the policy, from 2. */
  number: number;
  step: EscalationStepDraft;
  /** Who has access to the site, by name: whom a 'people' step may name. */
  people: readonly SitePerson[];
  /** Its minutes are the ones at fault. */
  invalid: boolean;
  describedBy: string | undefined;
  /** Why the user's role may not change it: every field disabled, with this title; null when it may. */
  noControlReason: string | null;
  onChange: (step: EscalationStepDraft) => void;
  onRemove: () => void;
}) {
  const locked = noControlReason !== null;
  const title = noControlReason ?? undefined;
  return (
    <li className="site-escalation__step">
      <span className="site-escalation__number">Step {number}</span> After{' '}
      <Form.Control
        type="number"
        inputMode="numeric"
        min={ESCALATION_LIMITS.minMinutes}
        max={ESCALATION_LIMITS.maxMinutes}
        step={1}
        size="sm"
        className="site-escalation__minutes"
        value={step.minutes}
        isInvalid={invalid}
        aria-label={`Step ${number}: minutes without acknowledgement`}
        aria-describedby={describedBy}
        disabled={locked}
        title={title}
        onChange={(event) => onChange({ ...step, minutes: event.target.value })}
      />{' '}
      minutes without acknowledgement, to{' '}
      <Form.Select
        size="sm"
        className="site-escalation__audience"
        value={step.audience}
        aria-label={`Step ${number}: who it reaches`}
        disabled={locked}
        title={title}
        onChange={(event) => onChange({ ...step, audience: event.target.value as EscalationAudience })}
      >
        {ESCALATION_AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {ESCALATION_AUDIENCE_LABELS[audience]}
          </option>
        ))}
      </Form.Select>{' '}
      {step.audience === 'people' && (
        <span className="site-escalation__people" role="group" aria-label={`Step ${number}: whom it names`}>
          {[
            ...people,
            ...step.people
              .filter((id) => !people.some((person) => person.id === id))
              .map((id) => ({ id, name: FORMER })),
          ].map((person) => (
            <Form.Check
              key={person.id}
              inline
              type="checkbox"
              id={`escalation-step-${number}-person-${person.id}`}
              label={person.name}
              checked={step.people.includes(person.id)}
              isInvalid={step.people.length === 0}
              disabled={locked}
              title={title}
              onChange={(event) => onChange(withPerson(step, person.id, event.target.checked, people))}
            />
          ))}
        </span>
      )}{' '}
      by{' '}
      <span className="site-escalation__channels" role="group" aria-label={`Step ${number}: how it reaches`}>
        {ESCALATION_CHANNELS.map((channel) => (
          <Form.Check
            key={channel}
            inline
            type="checkbox"
            id={`escalation-step-${number}-${channel}`}
            label={ESCALATION_CHANNEL_LABELS[channel]}
            checked={step.channels.includes(channel)}
            isInvalid={step.channels.length === 0}
            disabled={locked}
            title={title}
            onChange={(event) => onChange(withChannel(step, channel, event.target.checked))}
          />
        ))}
      </span>{' '}
      <Button
        variant="outline-danger"
        size="sm"
        aria-label={`Remove step ${number}`}
        disabled={locked}
        title={title}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}
