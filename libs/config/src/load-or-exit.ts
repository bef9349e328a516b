import { ConfigError } from './config-error';

/**
 * Builds an app's configuration at boot. A bad or missing variable ends the process with one line
 * on stderr naming it: no stack trace, nothing started.
 */
export function loadConfigOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
