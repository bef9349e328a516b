import { rootReducer } from '../app/root.reducer';
import { degradedStatus, workingStatus } from './portal-status.fixtures';
import { selectPortalStatusAwaitingFirstAnswer, selectPortalStatusLines } from './system.selectors';
import { portalStatusFailed, portalStatusLoaded, portalStatusRequested } from './system.slice';

describe('system selectors', () => {
  const initial = rootReducer(undefined, { type: 'init' });

  it('says a working portal works, and when it was checked in UTC', () => {
    const state = rootReducer(initial, portalStatusLoaded(workingStatus));

    expect(selectPortalStatusLines(state)).toEqual({
      status: 'ok',
      summary: 'The portal is working normally.',
      checkedAt: 'Checked at 29/11/2026 06:09:12 UTC',
    });
  });

  it('says what a degraded portal means to the user, naming none of its parts', () => {
    const state = rootReducer(initial, portalStatusLoaded(degradedStatus));

    expect(selectPortalStatusLines(state)).toEqual({
      status: 'degraded',
      summary: 'Part of the portal is not answering: live updates, commands and e-mails may be late.',
      checkedAt: 'Checked at 29/11/2026 06:09:22 UTC',
    });
  });

  it('says nothing of the status before the first answer or after a failure', () => {
    const failed = rootReducer(rootReducer(initial, portalStatusLoaded(workingStatus)), portalStatusFailed('x'));

    expect(selectPortalStatusLines(initial)).toBeNull();
    expect(selectPortalStatusLines(failed)).toBeNull();
  });

  it('awaits the first answer only until a status or a failure arrives', () => {
    const requested = rootReducer(initial, portalStatusRequested());
    const refreshing = rootReducer(rootReducer(requested, portalStatusLoaded(degradedStatus)), portalStatusRequested());
    const failed = rootReducer(requested, portalStatusFailed('Server currently unavailable.'));

    expect(selectPortalStatusAwaitingFirstAnswer(requested)).toBe(true);
    expect(selectPortalStatusAwaitingFirstAnswer(refreshing)).toBe(false);
    expect(selectPortalStatusAwaitingFirstAnswer(failed)).toBe(false);
  });
});
