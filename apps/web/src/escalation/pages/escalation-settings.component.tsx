import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { ESCALATION_LIMITS, type SiteEscalationPolicy, type SitePerson } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import {
  DEFAULT_LATER_STEPS,
  draftOf,
  draftProblem,
  nextStep,
  sameSteps,
  settingsOf,
  type EscalationStepDraft,
} from '../escalation-draft.util';
import { ESCALATION_TEXT } from '../escalation-messages.constants';
import { selectEscalationSave } from '../escalation.selectors';
import { escalationSaveRequested } from '../escalation.slice';
import { EscalationStepRow } from './escalation-step-row.component';

const REASON_ID = 'site-escalation-save-reason';
const LIMIT_ID = 'site-escalation-limit';

/**
 * The steps as a list (step 1 fixed, the later ones edited in place), with Save, 'Add a step' and
 * 'Use the default'; every control disabled without the control right.
 */
export function EscalationSettings({
  hwaddr,
  policy,
  people,
  noControlReason,
}: {
  hwaddr: string;
  policy: SiteEscalationPolicy;
  /** Who has access to the site: whom a step may name. */
  people: readonly SitePerson[];
  /** Why the user's role may not change them (each control's title); null when it may. */
  noControlReason: string | null;
}) {
  const dispatch = useAppDispatch();
  const save = useAppSelector(selectEscalationSave);
  const saved = useMemo(() => draftOf(policy.steps), [policy]);
  const [steps, setSteps] = useState<EscalationStepDraft[]>(saved);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    // Incoming data fills the form only while it has no edits, so it is copied, not derived.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!dirty) setSteps(saved);
  }, [saved, dirty]);
  useEffect(() => {
    // A save makes the policy as saved the form's; once per save.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (save.done) setDirty(false);
  }, [save.done]);

  const edit = (next: EscalationStepDraft[]) => {
    setSteps(next);
    setDirty(true);
  };
  const problem = draftProblem(steps);
  const justSaved = save.done && !dirty;
  // Why Save is disabled: the steps' problem (in red), else nothing changed (unless the save just said so).
  const reason = problem?.text ?? (sameSteps(steps, saved) && !justSaved ? ESCALATION_TEXT.unchanged : null);
  const blocked = problem !== null || sameSteps(steps, saved);
  const atLimit = steps.length >= ESCALATION_LIMITS.steps;
  const locked = noControlReason !== null;
  const title = noControlReason ?? undefined;

  return (
    <>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked && !locked) dispatch(escalationSaveRequested({ hwaddr, steps: settingsOf(steps) }));
        }}
      >
        <ol className="site-escalation__steps">
          <li className="site-escalation__step">
            <span className="site-escalation__number">Step 1</span> {ESCALATION_TEXT.firstStep}
          </li>
          {steps.map((step, index) => (
            <EscalationStepRow
              // Rows have no identity of their own: their place is the step's number.
              key={index}
              number={index + 2}
              step={step}
              people={people}
              invalid={problem?.index === index}
              describedBy={problem?.index === index ? REASON_ID : undefined}
              noControlReason={noControlReason}
              onChange={(changed) => edit(steps.with(index, changed))}
              onRemove={() => edit(steps.toSpliced(index, 1))}
            />
          ))}
        </ol>
        {steps.length === 0 && <p className="site-escalation__none">{ESCALATION_TEXT.none}</p>}
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <Button
            variant="outline-secondary"
            disabled={atLimit || locked}
            title={title}
            aria-describedby={atLimit ? LIMIT_ID : undefined}
            onClick={() => edit([...steps, nextStep(steps)])}
          >
            Add a step
          </Button>
          <Button
            variant="outline-secondary"
            disabled={sameSteps(steps, DEFAULT_LATER_STEPS) || locked}
            title={title}
            onClick={() => edit([...DEFAULT_LATER_STEPS])}
          >
            Use the default
          </Button>
          {atLimit && (
            <Form.Text id={LIMIT_ID} className="m-0">
              {ESCALATION_TEXT.atLimit}
            </Form.Text>
          )}
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button
            type="submit"
            disabled={blocked || save.pending || locked}
            title={title}
            aria-describedby={reason ? REASON_ID : undefined}
          >
            Save
          </Button>
          {reason && (
            <Form.Text id={REASON_ID} className={problem ? 'text-danger m-0' : 'm-0'}>
              {reason}
            </Form.Text>
          )}
          {justSaved && (
            <p role="status" className="form-text m-0">
              {save.notice}
            </p>
          )}
        </div>
      </Form>
      {save.error && (
        <Alert variant="danger" role="alert" className="mt-2">
          {save.error}
        </Alert>
      )}
    </>
  );
}
