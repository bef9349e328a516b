/**
 * The bound docs/reliability.md states for a gateway copy's death: its panels are shown as they
 * are (moved and connected, or disconnected) at most this long after it, GATEWAY_LIVENESS_TTL_MS
 * (15 s) plus 2 s for the server's expiry on a busy machine; those that know another copy are
 * linked there after one reconnect wait, well within it. (Not read from @app/messaging, which would
 * bring the whole library into the chaos run's build; its spec checks the two agree.)
 */
export const GATEWAY_COPY_DEATH_BOUND_MS = 17_000;
