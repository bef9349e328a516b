/** The panels one client process holds: the fleet's indices `first` to `first + count - 1`. */
export interface FleetSlice {
  first: number;
  count: number;
}

/**
 * Splits `total` panels over as few client processes as keep each at most `perProcess` (its open
 * files), at least `minProcesses`, in contiguous slices as even as can be.
 */
export function fleetSlices(total: number, perProcess: number, minProcesses = 1): FleetSlice[] {
  const processes = Math.max(minProcesses, Math.ceil(total / perProcess));
  const slices: FleetSlice[] = [];
  let first = 0;
  for (let index = 0; index < processes; index++) {
    const count = Math.floor(total / processes) + (index < total % processes ? 1 : 0);
    if (count > 0) slices.push({ first, count });
    first += count;
  }
  return slices;
}

/** The gateway copy (from 0) panel `index` connects to first: round the copies. */
export function firstCopyOf(index: number, copies: number): number {
  return index % copies;
}

/** The copy a moved panel goes to: the next one round. */
export function moveTargetOf(copy: number, copies: number): number {
  return (copy + 1) % copies;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same sample for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `size` distinct indices of `0 .. total - 1`, drawn at random (all of them when size ≥ total). */
export function randomSample(total: number, size: number, random: () => number): number[] {
  if (size >= total) return Array.from({ length: total }, (_, index) => index);
  const chosen = new Set<number>();
  while (chosen.size < size) chosen.add(Math.floor(random() * total));
  return [...chosen];
}

/** A command sent through the portal, and where it had to arrive. */
export interface SentCommand {
  correlationId: string;
  hwaddr: string;
  /** The gateway panel port of the copy holding the panel when it was sent. */
  port: number;
}

/** A command a simulated panel received: which panel, on the connection to which gateway port. */
export interface ReceivedCommand {
  correlationId: string;
  hwaddr: string;
  port: number;
}

export interface CommandRouting {
  sent: number;
  /** Received once, by the panel it was for, on its connection to the copy that held it. */
  right: number;
  wrongPanel: number;
  wrongCopy: number;
  missing: number;
  /** Received more than once. */
  repeated: number;
}

/** Matches what the panels received against what was sent, by correlation id. */
export function commandRouting(sent: readonly SentCommand[], received: readonly ReceivedCommand[]): CommandRouting {
  const byId = new Map<string, ReceivedCommand[]>();
  for (const command of received)
    byId.set(command.correlationId, [...(byId.get(command.correlationId) ?? []), command]);
  const routing: CommandRouting = { sent: sent.length, right: 0, wrongPanel: 0, wrongCopy: 0, missing: 0, repeated: 0 };
  for (const command of sent) {
    const arrivals = byId.get(command.correlationId) ?? [];
    if (arrivals.length === 0) routing.missing++;
    else if (arrivals.length > 1) routing.repeated++;
    else if (arrivals[0].hwaddr !== command.hwaddr) routing.wrongPanel++;
    else if (arrivals[0].port !== command.port) routing.wrongCopy++;
    else routing.right++;
  }
  return routing;
}

/** Kilobytes per connection from a before/after pair in bytes; NaN without connections. */
export function kilobytesPerConnection(before: number, after: number, connections: number): number {
  return connections > 0 ? (after - before) / 1024 / connections : Number.NaN;
}

/** A metric of a Prometheus text exposition, summed over its label sets; NaN when absent. */
export function prometheusValue(text: string, name: string): number {
  const samples = [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, 'gm'))];
  return samples.length > 0 ? samples.reduce((sum, match) => sum + Number(match[1]), 0) : Number.NaN;
}
