import { createAction } from '@reduxjs/toolkit';
import type { AcceptInvitationResponse } from '@app/contracts';

/**
 * The user accepted an invitation (docs/access.md, "Teams"): the invitation page opens what was
 * joined, and joining a company that requires two-factor sign-in sends the user to turn it on. In
 * shared: the two-factor domain listens without depending on the invitations domain.
 */
export const invitationAccepted = createAction<AcceptInvitationResponse>('invitations/invitationAccepted');
