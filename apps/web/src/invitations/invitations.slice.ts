import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AcceptInvitationResponse, InvitationPreview } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { invitationAccepted } from '../shared/invitation-accepted.action';
import { sessionCleared } from '../shared/session-cleared.action';

export interface InvitationsState {
  /** The token of the invitation page open. */
  token: string | null;
  /** What the link offers; null until read. */
  preview: InvitationPreview | null;
  previewError: string | null;
  accept: RequestStatus;
  /** The accepted invitation's company or site, whose page then opens. */
  accepted: AcceptInvitationResponse | null;
}

export const initialInvitationsState: InvitationsState = {
  token: null,
  preview: null,
  previewError: null,
  accept: requestIdle,
  accepted: null,
};

/** The invitation an answer is about. */
type TokenRef = { token: string };

export const invitationsSlice = createSlice({
  name: 'invitations',
  initialState: initialInvitationsState,
  reducers: {
    /** An invitation link opened: read what it offers; nothing of an earlier one carries over. */
    invitationPageOpened: (_state, action: PayloadAction<string>) => ({
      ...initialInvitationsState,
      token: action.payload,
    }),
    /** Taken only for the page open: an answer about another link is dropped. */
    invitationPreviewLoaded(state, action: PayloadAction<TokenRef & { preview: InvitationPreview }>) {
      if (state.token !== action.payload.token) return;
      state.preview = action.payload.preview;
      state.previewError = null;
    },
    invitationPreviewFailed(state, action: PayloadAction<TokenRef & { error: string }>) {
      if (state.token === action.payload.token) state.previewError = action.payload.error;
    },
    invitationAcceptRequested(state, _action: PayloadAction<string>) {
      state.accept = requestPending;
    },
    invitationAcceptFailed(state, action: PayloadAction<string>) {
      state.accept = requestFailed(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialInvitationsState);
    builder.addCase(invitationAccepted, (state, action) => {
      state.accept = requestDone();
      state.accepted = action.payload;
    });
  },
});

export const {
  invitationPageOpened,
  invitationPreviewLoaded,
  invitationPreviewFailed,
  invitationAcceptRequested,
  invitationAcceptFailed,
} = invitationsSlice.actions;

/** The store's `invitations` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    invitations: InvitationsState;
  }
}
