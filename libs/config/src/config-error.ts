/** A configuration problem, worded so that one line tells an operator what to fix. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly expected: string,
    readonly received: string | undefined,
  ) {
    super(
      received === undefined
        ? `Invalid configuration: ${variable} is required (${expected})`
        : `Invalid configuration: ${variable} must be ${expected}, got '${received}'`,
    );
    this.name = 'ConfigError';
  }
}
