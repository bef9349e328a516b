// The lanes of `npm test` (scripts/test.mts): kinds of suite that run side by side, each in a Jest
// run of its own with its own number of workers. Most suites spend their time waiting on
// PostgreSQL, NATS and Redis, so several of them share the two cores well ('servers'). A few start
// whole stacks (a NATS cluster, the chaos runs' apps and servers: 'stacks'; a portal driven in
// Chromium: 'browser'): each takes the CPU of several processes, and their bounds (an election, a
// copy's death noticed in time, a toast) must hold on a busy machine, so each of those lanes runs
// its suites one at a time beside the others.
// Every worker is isolated: its suites make their own database, NATS prefix and Redis prefix, and
// take ports from a band of their own (TEST_PORT_BAND_OFFSET, libs/testing's freePort).

/**
 * Backend suites that start whole stacks (a NATS cluster, the chaos run), as patterns of their path
 * from the repository's root; scripts/lib/test-lanes.spec.ts checks that none is missing.
 */
const STACK_SUITES = [
  'chaos/src/[^/]+\\.int-spec\\.ts$',
  'apps/panel-gateway/src/panel-cluster-failover\\.int-spec\\.ts$',
  'libs/messaging/src/nats/nats-leader-failover\\.int-spec\\.ts$',
  'libs/messaging/src/nats/nats-topology-replicas\\.int-spec\\.ts$',
  'libs/testing/src/nats-cluster-routes\\.int-spec\\.ts$',
  // Whole stacks of their own, long enough to hold up the servers lane, which sets npm test's time.
  'apps/portal-api/src/e2e/gateway-copy-death\\.int-spec\\.ts$',
  'apps/portal-api/src/e2e/alarm-escalation\\.int-spec\\.ts$',
  'apps/portal-api/src/e2e/alarm-reactions-redis-failover\\.int-spec\\.ts$',
  'apps/portal-api/src/e2e/panel-offline-copies\\.int-spec\\.ts$',
  'apps/portal-api/src/claims/claim-during-nats-outage\\.int-spec\\.ts$',
];

/** @type {Array<{ name: string, projects: string[], workers: number }>} */
const LANES = [
  { name: 'servers', projects: ['backend', 'web'], workers: 2 },
  { name: 'stacks', projects: ['backend-stacks'], workers: 1 },
  { name: 'browser', projects: ['web-e2e'], workers: 1 },
];

module.exports = { STACK_SUITES, LANES };
