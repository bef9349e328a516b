import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error';

/**
 * The text of a PEM file holding at least one block of `kind` ('CERTIFICATE', or 'PRIVATE KEY',
 * which also matches 'EC PRIVATE KEY' and 'RSA PRIVATE KEY'), read at boot: a missing or wrong file
 * is a ConfigError naming `variable`.
 */
export function readPemFile(variable: string, path: string, kind: 'CERTIFICATE' | 'PRIVATE KEY'): string {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(variable, `a readable PEM file`, `${path}: ${(error as Error).message}`);
  }
  if (!new RegExp(`-----BEGIN ([A-Z]+ )?${kind}-----`).test(pem))
    throw new ConfigError(variable, `a PEM file of a ${kind.toLowerCase()}`, `${path}: no ${kind} block in it`);
  return pem;
}
