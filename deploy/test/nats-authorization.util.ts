import {
  NATS_APPS,
  NATS_RESTORE_REPLAY_USER,
  natsNames,
  natsPermissions,
  natsRestoreReplayPermissions,
} from '@app/contracts';
import { natsAuthorizationConf, natsPasswordVariable } from '../../scripts/lib/nats-security';

/** Where the committed authorization block lives (docker-compose mounts it, `npm run cluster` includes it). */
export const AUTHORIZATION_CONF = 'scripts/nats/authorization.conf';

/**
 * The authorization block every deployment without a prefix runs: a user per app with the
 * permissions its code needs (natsPermissions), its password read from NATS_<APP>_PASSWORD.
 */
export function deploymentAuthorizationConf(): string {
  const names = natsNames('');
  const header = [
    '# A NATS user per app, allowed only its own subjects, streams, consumers and buckets and its own',
    '# inbox (docs/security.md, "NATS"). Made from the apps\' code by natsPermissions (@app/contracts):',
    '# do not edit by hand; deploy/nats-security.spec.ts fails when it differs and rewrites it when run',
    "# with NATS_AUTHORIZATION_WRITE=1. Each password comes from the server's environment variable",
    "# NATS_<APP>_PASSWORD (letters and digits only) and must equal that app's NATS_PASSWORD; the",
    '# restore replay (docs/backup-restore.md) signs in as restore-replay, NATS_RESTORE_REPLAY_PASSWORD.',
    '',
  ].join('\n');
  return (
    header +
    natsAuthorizationConf([
      ...NATS_APPS.map((app) => ({
        user: app,
        password: { variable: natsPasswordVariable(app) },
        permissions: natsPermissions(app, names),
      })),
      {
        user: NATS_RESTORE_REPLAY_USER,
        password: { variable: natsPasswordVariable(NATS_RESTORE_REPLAY_USER) },
        permissions: natsRestoreReplayPermissions(names),
      },
    ])
  );
}
