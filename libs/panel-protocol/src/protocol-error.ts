/**
 * Why a connection was refused or closed. The reason is a short stable code, used as a metric
 * label and sent to the panel in the close frame; the detail says what exactly was wrong.
 */
export const PROTOCOL_ERROR_REASONS = [
  'frame-too-large',
  'empty-frame',
  'malformed-json',
  'invalid-message',
  'unknown-type',
  'unexpected-frame',
  'unsupported-version',
] as const;

export type ProtocolErrorReason = (typeof PROTOCOL_ERROR_REASONS)[number];

export class ProtocolError extends Error {
  constructor(
    readonly reason: ProtocolErrorReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'ProtocolError';
  }
}
