import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../shared/store-hooks';
import { PageHeader } from '../../shared/page-header.component';
import { selectRelayForm, selectSavedRelayId } from '../relays.selectors';
import { emptyRelayForm } from '../relay-form.util';
import { RelayForm } from './relay-form.component';

/** Add Relay (spec 2.8): the prerequisites, then the relay form; a saved relay opens on its actions. */
export function AddRelayPage() {
  const save = useAppSelector((state) => selectRelayForm(state, 'saveRelay'));
  const savedId = useAppSelector(selectSavedRelayId);
  // The form resets the statuses as it opens (its effect runs first): an earlier save does not count.
  const [opened, setOpened] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the form's own reset
  useEffect(() => setOpened(true), []);
  if (opened && save.done && savedId !== null) return <Navigate to={`/relay/${savedId}`} />;
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Add Relay' }]}
        title="Add Relay"
        subtitle="Connect a network relay to drive on fire and fault events"
      />
      <div className="narrow-form mb-3 relay-prerequisites">
        <p>Before adding a relay, make sure that:</p>
        <ul>
          <li>the relay's site has a static IP or a dynamic DNS name;</li>
          <li>port forwarding sends the relay's command port (default 17123) to the relay;</li>
          <li>the relay is set to the AES command set with a password (32 characters).</li>
        </ul>
      </div>
      <RelayForm initial={emptyRelayForm()} />
    </>
  );
}
