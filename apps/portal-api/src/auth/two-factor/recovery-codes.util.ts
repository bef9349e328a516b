import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@app/contracts';

/** Letters and digits nobody misreads (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Two groups of five: 10 × log2(31) ≈ 50 bits each, far beyond guessing under the rate limit. */
const GROUP_LENGTH = 5;

/** Ten new recovery codes, 'xxxxx-xxxxx', shown to the user once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const group = () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${group()}-${group()}`;
  });
}

/**
 * What is stored of a code, and what a typed one is looked up by: a hash of its letters, whatever
 * the case, spaces and dashes typed. Random codes of ~50 bits need no slow hash against guessing.
 */
export function recoveryCodeHash(code: string): string {
  const letters = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(letters, 'utf8').digest('hex');
}

/** Whether a typed code looks like a recovery code rather than an authenticator's digits. */
export function looksLikeRecoveryCode(code: string): boolean {
  return /[a-z]/i.test(code);
}
