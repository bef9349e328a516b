// `node --experimental-strip-types scripts/nats-server.mts`: unpacks the portal's nats-server release
// into .data/nats-server if it is not there yet (scripts/lib/nats-server-release.ts) and prints the
// program's path. The chaos run calls it first, so that its servers run the release.
import { NATS_SERVER_RELEASE } from './lib/nats-cluster.ts';
import { provideNatsServerRelease } from './lib/nats-server-release.ts';

const release = await provideNatsServerRelease();
if (release.ok) console.log(`nats-server ${NATS_SERVER_RELEASE.version}: ${release.program}`);
else
  console.log(
    `nats-server ${NATS_SERVER_RELEASE.version} could not be fetched (${release.why}): the installed one runs`,
  );
