import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { NoControlRightNote } from '../../shared/no-control-right.note';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectSiteWebhook } from '../webhooks.selectors';
import { webhookSectionClosed, webhookSectionOpened } from '../webhooks.slice';
import { WebhookDeliveries } from './webhook-deliveries.component';
import { WebhookSettings } from './webhook-settings.component';
import './site-webhook.css';

/**
 * Site Configuration's webhook (docs/webhooks.md): the receiver's address and signing secret, and
 * the latest deliveries. Opening it loads both; closing it stops their refreshes. A user whose role
 * does not control the site sees them with every change disabled, and why (`noControlReason`, given
 * by the sites domain, which shows this section).
 */
export function SiteWebhookSection({ hwaddr, noControlReason }: { hwaddr: string; noControlReason: string | null }) {
  const dispatch = useAppDispatch();
  // Each part on its own, so that a deliveries refresh renders the table only.
  const loaded = useAppSelector((state) => selectSiteWebhook(state, hwaddr).loaded);
  const loadError = useAppSelector((state) => selectSiteWebhook(state, hwaddr).loadError);
  const webhook = useAppSelector((state) => selectSiteWebhook(state, hwaddr).webhook);
  const anyDelivery = useAppSelector((state) => (selectSiteWebhook(state, hwaddr).deliveries?.length ?? 0) > 0);
  // Until the opening has reset the buttons' statuses, an earlier visit's outcome would show.
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    dispatch(webhookSectionOpened(hwaddr));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the store's reset
    setOpened(true);
    return () => {
      dispatch(webhookSectionClosed(hwaddr));
    };
  }, [dispatch, hwaddr]);

  return (
    <section className="site-webhook mb-4" aria-labelledby="site-webhook-title">
      <h2 id="site-webhook-title" className="h5">
        Webhook
      </h2>
      <p className="text-muted small">
        Alarm receiving centres and building-management systems can take this site&apos;s fire, fault, communication and
        test mode messages over HTTPS: each is POSTed as JSON to the address below and signed with its secret per the
        Standard Webhooks specification.
      </p>
      <NoControlRightNote reason={noControlReason} />
      {!opened || !loaded ? (
        <p className="text-muted">Loading the webhook…</p>
      ) : loadError ? (
        <Alert variant="danger" role="alert">
          {loadError}
        </Alert>
      ) : (
        <WebhookSettings hwaddr={hwaddr} webhook={webhook} noControlReason={noControlReason} />
      )}
      {/* A removed webhook's deliveries stay listed: they tell what became of its last messages. */}
      {opened && (webhook || anyDelivery) && <WebhookDeliveries hwaddr={hwaddr} />}
    </section>
  );
}
