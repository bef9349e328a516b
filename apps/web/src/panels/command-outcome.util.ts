import { panelCommandWebLabel, type AskedPanelCommand } from '@app/contracts';
import { ApiError } from '../shared/api-client';
import type { ToastSpec } from '../toasts/toast.types';

/** The name of a command as its button says it (a panel button's own label). */
export function commandLabel(command: AskedPanelCommand): string {
  const { kind, ...body } = command;
  return panelCommandWebLabel(kind, body);
}

/** The toast telling what the panel did with a command: applied, refused, no answer in time, or why it was not sent. */
export function commandOutcomeToast(command: AskedPanelCommand, panel: string, error: unknown): ToastSpec {
  const label = commandLabel(command);
  if (error === null) return { kind: 'success', title: label, text: `${panel} applied ${label}.` };
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && error.status === 422)
    return { kind: 'error', title: label, text: `${panel} refused ${label}: ${reason}` };
  if (error instanceof ApiError && error.status === 504)
    return { kind: 'warning', title: label, text: `${panel} did not answer ${label} in time.` };
  return { kind: 'error', title: label, text: `${label} was not sent: ${reason}` };
}
