import { PANEL_TEXT_MAX_LENGTH } from '@app/contracts';

/** The checks the panel editors run before sending (spec 5); each answers the problem or null. */

export function panelTextProblem(label: string, value: string): string | null {
  return value.length > PANEL_TEXT_MAX_LENGTH ? `${label} must be at most ${PANEL_TEXT_MAX_LENGTH} characters.` : null;
}

export function wholeNumberProblem(label: string, value: string, min: number, max?: number): string | null {
  const trimmed = value.trim();
  const number = Number(trimmed);
  const inRange = /^\d+$/.test(trimmed) && number >= min && (max === undefined || number <= max);
  if (inRange) return null;
  return max === undefined
    ? `${label} must be a whole number of at least ${min}.`
    : `${label} must be a whole number from ${min} to ${max}.`;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function ipv4Problem(label: string, value: string): string | null {
  return IPV4.test(value.trim()) ? null : `${label} must be an IPv4 address such as 192.168.1.10.`;
}

const HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

export function hostProblem(label: string, value: string): string | null {
  return HOST.test(value.trim()) ? null : `${label} must be a host name or IPv4 address.`;
}

/** The problems of a form, field by field; empty when it may be sent. */
export type FormProblems<F extends string> = Partial<Record<F, string>>;

export function collectProblems<F extends string>(checks: Array<[F, string | null]>): FormProblems<F> {
  const problems: FormProblems<F> = {};
  for (const [field, problem] of checks)
    if (problem !== null && problems[field] === undefined) problems[field] = problem;
  return problems;
}
