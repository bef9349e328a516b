import { RELAY_DEFAULT_PORT, RELAY_PASSWORD_LENGTH, RELAY_PORT_MAX, RELAY_PORT_MIN } from '@app/contracts';

/** The relay form as typed (spec 2.8). */
export interface RelayFormValues {
  host: string;
  port: string;
  password: string;
  name: string;
}

export type RelayFormErrors = Partial<Record<keyof RelayFormValues, string>>;

export const emptyRelayForm = (): RelayFormValues => ({
  host: '',
  port: String(RELAY_DEFAULT_PORT),
  password: '',
  name: '',
});

/**
 * What is wrong with the form, by field (spec 5: address required, port 1-65535, password exactly 32
 * characters). When editing, an empty password keeps the stored one, unless it is needed to verify.
 */
export function relayFormErrors(values: RelayFormValues, options: { passwordRequired: boolean }): RelayFormErrors {
  const errors: RelayFormErrors = {};
  if (values.host.trim() === '') errors.host = "Enter the relay's IP address or DNS name";
  else if (/\s/.test(values.host.trim())) errors.host = 'The IP address or DNS name cannot contain spaces';
  const port = values.port.trim();
  if (!/^\d+$/.test(port) || Number(port) < RELAY_PORT_MIN || Number(port) > RELAY_PORT_MAX)
    errors.port = 'Port must be a whole number from 1 to 65535';
  if (values.password === '') {
    if (options.passwordRequired) errors.password = "Enter the relay's 32-character password";
  } else if ([...values.password].length !== RELAY_PASSWORD_LENGTH) {
    errors.password = `The password must be exactly 32 characters (it has ${[...values.password].length})`;
  }
  return errors;
}

export const hasErrors = (errors: RelayFormErrors) => Object.keys(errors).length > 0;

/** The request body of the form's values (only valid values). */
export function relayRequestOf(values: RelayFormValues) {
  return {
    host: values.host.trim(),
    port: Number(values.port.trim()),
    name: values.name.trim(),
    ...(values.password === '' ? {} : { password: values.password }),
  };
}

/** The server refuses loopback, private and link-local addresses unless its operator allows them. */
export function isRefusedTargetError(error: string): boolean {
  return /loopback, private or link-local/.test(error);
}

export const REFUSED_TARGET_GUIDANCE =
  'This address belongs to a private or local network, which the portal cannot reach from the internet. ' +
  "Enter the public IP address or dynamic DNS name of the site's router instead, and forward the relay's port (17123 by default) on that router to the relay. " +
  "If the portal runs inside that same private network, its operator can allow the address in the portal's settings.";
