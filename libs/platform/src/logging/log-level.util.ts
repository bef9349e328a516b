import { PinoLogger } from 'nestjs-pino';

/**
 * Whether the app's logger writes `level`: a hot path asks before building per-item debug lines,
 * so that they cost nothing at the usual level. False before the logger exists.
 */
export function isLogLevelEnabled(level: 'debug' | 'trace'): boolean {
  return PinoLogger.root?.isLevelEnabled(level) ?? false;
}
