import type { SiteDetail } from '@app/contracts';
import type { PanelLinkClient } from '@app/panel-protocol';
import { waitFor } from '../../bench/src/panel-fleet';
import { recovery, type FaultContext } from './chaos-faults';
import type { FaultOutcome } from './chaos-report.util';
import type { ChaosWorld } from './chaos-world';
import { GATEWAY_COPY_DEATH_BOUND_MS } from './cluster-bounds.constants';
import { pause, seconds, timed } from './fault-timing.util';

/** Whether portal-api shows the panel's site connected (undefined when it does not answer). */
async function shownConnected(world: ChaosWorld, panel: PanelLinkClient): Promise<boolean | undefined> {
  try {
    const token = await world.portal.claimsToken(world.user);
    return (await world.portal.api<SiteDetail>('GET', `/v2/sites/${panel.hwaddr}`, token)).connected;
  } catch {
    return undefined;
  }
}

/**
 * kill -9 of a gateway copy, started again: the panels it held must be linked to the other copy
 * within the bound and, once the bound has passed (the dead copy's sign of life expired), be
 * shown connected.
 */
export async function killGatewayCopy(context: FaultContext, copy: number, detail?: string): Promise<FaultOutcome> {
  const { world } = context;
  const held = world.panelsOn(copy);
  await world.killApp('panel-gateway', copy);
  const killedAt = performance.now();
  const moved = await timed(
    async () => held.every((panel) => panel.isReady && world.gatewayCopyOf(panel) !== copy),
    Boolean,
    context.settleMs,
    50,
  );
  world.restartApp('panel-gateway', copy);
  const outcome = await recovery(
    context,
    `kill -9 ${world.stack.label('panel-gateway', copy)}`,
    detail ?? `holding ${held.length} of ${world.allPanels.length} panels`,
  );
  await pause(killedAt + GATEWAY_COPY_DEATH_BOUND_MS + 500 - performance.now());
  const shown = await timed(
    async () => {
      const states = await Promise.all(held.map((panel) => shownConnected(world, panel)));
      return states.includes(undefined) ? undefined : states.filter(Boolean).length;
    },
    () => true,
    context.settleMs,
    500,
  );
  outcome.checks = [
    {
      figure: `its ${held.length} panels linked to the other copy (bound ${seconds(GATEWAY_COPY_DEATH_BOUND_MS)})`,
      value: moved ? seconds(moved.ms) : 'never',
      ok: moved !== undefined && moved.ms <= GATEWAY_COPY_DEATH_BOUND_MS,
    },
    {
      figure: 'of them shown connected once the bound passed',
      value: shown ? `${shown.value} of ${held.length}` : 'no answer',
      ok: shown?.value === held.length,
    },
  ];
  return outcome;
}

/**
 * kill -9 of a gateway copy holding half the panels. When one copy holds more (the other killed
 * before, its panels all moved), panels are first moved to the other copy as their own reconnect
 * would move them (their link closed, the next address tried).
 */
export async function killGatewayHoldingPanels(context: FaultContext): Promise<FaultOutcome> {
  const { world } = context;
  const total = world.allPanels.length;
  const busiest = world.panelsOn(1).length >= world.panelsOn(2).length ? 1 : 2;
  const other = 3 - busiest;
  const surplus = world.panelsOn(busiest).slice(Math.ceil(total / 2));
  for (const panel of surplus) {
    await panel.stop();
    panel.start();
  }
  await waitFor(
    () => surplus.every((panel) => panel.isReady && world.gatewayCopyOf(panel) === other),
    context.settleMs,
    `${surplus.length} panels moved to gateway copy ${other}`,
    50,
  );
  const moved = surplus.length > 0 ? `, ${surplus.length} moved there from the other copy first` : '';
  return killGatewayCopy(context, other, `holding ${world.panelsOn(other).length} of ${total} panels${moved}`);
}
