import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { NoControlRightNote } from '../../shared/no-control-right.note';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { ESCALATION_TEXT } from '../escalation-messages.constants';
import { selectEscalationOrigin, selectSiteEscalation } from '../escalation.selectors';
import { escalationSectionClosed, escalationSectionOpened } from '../escalation.slice';
import { EscalationSettings } from './escalation-settings.component';
import './site-escalation.css';

/**
 * Site Configuration's escalation (docs/alarms.md, "Escalation"): step 1, which every alarm owes at
 * once, and the site's later steps, which reach more people while nobody acknowledges the alarm. A
 * user whose role does not control the site sees them disabled, and why (`noControlReason`, given
 * by the sites domain, which shows this section).
 */
export function SiteEscalationSection({ hwaddr, noControlReason }: { hwaddr: string; noControlReason: string | null }) {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector((state) => selectSiteEscalation(state, hwaddr).loaded);
  const loadError = useAppSelector((state) => selectSiteEscalation(state, hwaddr).loadError);
  const policy = useAppSelector((state) => selectSiteEscalation(state, hwaddr).policy);
  const people = useAppSelector((state) => selectSiteEscalation(state, hwaddr).people);
  const origin = useAppSelector((state) => selectEscalationOrigin(state, hwaddr));
  // Until the opening has reset the save status, an earlier visit's outcome would show.
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    dispatch(escalationSectionOpened(hwaddr));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the store's reset
    setOpened(true);
    return () => {
      dispatch(escalationSectionClosed(hwaddr));
    };
  }, [dispatch, hwaddr]);

  return (
    <section className="site-escalation mb-4" aria-labelledby="site-escalation-title">
      <h2 id="site-escalation-title" className="h5">
        Escalation
      </h2>
      <p className="text-muted small">{ESCALATION_TEXT.intro}</p>
      <NoControlRightNote reason={noControlReason} />
      {!opened || !loaded ? (
        <p className="text-muted">Loading the escalation steps…</p>
      ) : loadError ? (
        <Alert variant="danger" role="alert">
          {loadError}
        </Alert>
      ) : (
        policy && (
          <>
            <p className="site-escalation__origin small">{origin}</p>
            <EscalationSettings hwaddr={hwaddr} policy={policy} people={people} noControlReason={noControlReason} />
          </>
        )
      )}
    </section>
  );
}
