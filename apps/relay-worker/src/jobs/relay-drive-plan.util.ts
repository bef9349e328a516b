import type { RelayTriggerSettings } from '@app/contracts';
import { DRIVEN_IOS, DRIVEN_RELAYS, type RelayDrivePlan } from '@app/relay-protocol';

/**
 * What one trigger's settings ask of the board: relay 1 and 2 pulse for their seconds (0 leaves a
 * relay alone), and each I/O port set on is switched on (one left off is left alone, so the board's
 * other uses keep their state).
 */
export function drivePlanOf(settings: RelayTriggerSettings): RelayDrivePlan {
  const pulses = DRIVEN_RELAYS.map((relay) => ({ relay, seconds: settings[`relay_${relay}`] })).filter(
    (pulse) => pulse.seconds > 0,
  );
  const outputs = DRIVEN_IOS.filter((io) => settings[`io_${io}`]).map((io) => ({ io, on: true }));
  return { pulses, outputs };
}
