export interface FirmwareVersion {
  major: number;
  minor: number;
}

/** What a relay board reports when verified (the Relay Info table of spec 2.8). */
export interface RelayStatus {
  moduleID: number;
  firmware: {
    system: FirmwareVersion;
    application: FirmwareVersion;
  };
  /** Supply voltage in volts. */
  voltage: number;
  /** Board temperature in degrees Celsius. */
  temp: number;
}
