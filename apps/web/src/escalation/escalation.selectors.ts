import type { RootState } from '../shared/root-state.types';
import { ESCALATION_TEXT } from './escalation-messages.constants';
import { emptySiteEscalation } from './escalation.slice';
import { shownTime } from '../shared/shown-time.util';

export const selectSiteEscalation = (state: RootState, hwaddr: string) =>
  state.escalation.sites[hwaddr] ?? emptySiteEscalation;
export const selectEscalationSave = (state: RootState) => state.escalation.save;

/** Whose the saved policy is: 'Default policy', or 'Set by Ann on DD/MM/YYYY HH:mm:ss' (UTC); null until answered. */
export function selectEscalationOrigin(state: RootState, hwaddr: string): string | null {
  const { policy } = selectSiteEscalation(state, hwaddr);
  if (!policy) return null;
  if (policy.isDefault) return ESCALATION_TEXT.defaultPolicy;
  const by = policy.updatedBy || 'a user';
  return policy.updatedAt ? `Set by ${by} on ${shownTime(policy.updatedAt)}` : `Set by ${by}`;
}
