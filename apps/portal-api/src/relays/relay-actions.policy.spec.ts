import { DomainError } from '@app/platform';
import { assertMayAddAction, assertMayDriveAction, editableAction } from './relay-actions.policy';

const SITE = '0011aabbccdd';
const OTHER = '0011aabbccee';
const actions = [{ id: 4, hwaddr: SITE }];

function refusal(work: () => unknown): { kind: string; err: string } | null {
  try {
    work();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, err: error.err };
  }
}

describe("what a user may change in a relay's actions", () => {
  it("edits one of the relay's actions on its own site", () => {
    expect(editableAction(actions, 4, SITE)).toBe(actions[0]);
    expect(refusal(() => editableAction(actions, 5, SITE))).toEqual({
      kind: 'not-found',
      err: 'Relay action not found',
    });
    expect(refusal(() => editableAction(actions, 4, OTHER))).toEqual({
      kind: 'invalid',
      err: 'action.hwaddr cannot change: delete the action and add one for the other site',
    });
  });

  it('adds an action only on an authorised site without one', () => {
    expect(refusal(() => assertMayAddAction(actions, OTHER, 'holder'))).toBeNull();
    expect(refusal(() => assertMayAddAction(actions, OTHER, null))).toEqual({
      kind: 'invalid',
      err: `Site ${OTHER} is not one of your authorised sites`,
    });
    expect(refusal(() => assertMayAddAction(actions, SITE, 'technician'))).toEqual({
      kind: 'conflict',
      err: `This relay already has an action for site ${SITE}`,
    });
  });

  it('drives an action by hand only on an authorised site', () => {
    expect(refusal(() => assertMayDriveAction(SITE, 'holder'))).toBeNull();
    expect(refusal(() => assertMayDriveAction(SITE, null))).toEqual({
      kind: 'invalid',
      err: `Site ${SITE} is not one of your authorised sites`,
    });
  });

  it("neither adds nor drives an action on a site the user may only watch (a viewer's)", () => {
    for (const role of ['admin', 'technician'] as const)
      expect(refusal(() => assertMayDriveAction(SITE, role))).toBeNull();
    const watchOnly = { kind: 'forbidden', err: 'Your role on this site lets you watch it, not change it' };
    expect(refusal(() => assertMayDriveAction(SITE, 'viewer'))).toEqual(watchOnly);
    expect(refusal(() => assertMayAddAction(actions, OTHER, 'viewer'))).toEqual(watchOnly);
  });
});
