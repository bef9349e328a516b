/** What a relay action does on one kind of event (spec 2.9, 3 "Relay"). */
export interface RelayTriggerSettings {
  /** Seconds to close relay 1; 0 leaves it alone. */
  relay_1: number;
  /** Seconds to close relay 2; 0 leaves it alone. */
  relay_2: number;
  io_1: boolean;
  io_2: boolean;
  io_3: boolean;
  io_4: boolean;
}

export type RelayTrigger = 'fire' | 'fault';
