import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SiteWebhook, WebhookDeliveryView } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { settleDeliveries, withNewDelivery } from './webhook-deliveries.util';

/** The webhook section's buttons; each has its own request status. */
export const WEBHOOK_FORMS = ['saveWebhook', 'newSecret', 'removeWebhook', 'sendTest', 'copySecret'] as const;
export type WebhookFormId = (typeof WEBHOOK_FORMS)[number];

/** One site's webhook and deliveries as last answered. */
export interface SiteWebhookState {
  /** The webhook has been answered (with one, with none, or with an error). */
  loaded: boolean;
  webhook: SiteWebhook | null;
  loadError: string | null;
  /** Newest first; null until answered. */
  deliveries: WebhookDeliveryView[] | null;
  deliveriesError: string | null;
}

export interface WebhooksState {
  /** The site whose Site Configuration is open: its deliveries are refreshed while one is owed. */
  openHwaddr: string | null;
  sites: Record<string, SiteWebhookState>;
  forms: Record<WebhookFormId, RequestStatus>;
}

export const emptySiteWebhook: SiteWebhookState = {
  loaded: false,
  webhook: null,
  loadError: null,
  deliveries: null,
  deliveriesError: null,
};

const idleForms = Object.fromEntries(WEBHOOK_FORMS.map((form) => [form, requestIdle])) as Record<
  WebhookFormId,
  RequestStatus
>;

export const initialWebhooksState: WebhooksState = { openHwaddr: null, sites: {}, forms: idleForms };

function siteOf(state: WebhooksState, hwaddr: string): SiteWebhookState {
  state.sites[hwaddr] ??= { ...emptySiteWebhook };
  return state.sites[hwaddr];
}

/** The site an action is about. */
type SiteRef = { hwaddr: string };

export const webhooksSlice = createSlice({
  name: 'webhooks',
  initialState: initialWebhooksState,
  reducers: {
    /** Site Configuration opened: its webhook and deliveries are asked for, each button starts clean. */
    webhookSectionOpened(state, action: PayloadAction<string>) {
      state.openHwaddr = action.payload;
      state.forms = idleForms;
    },
    webhookSectionClosed(state, action: PayloadAction<string>) {
      if (state.openHwaddr === action.payload) state.openHwaddr = null;
    },
    webhookLoaded(state, action: PayloadAction<SiteRef & { webhook: SiteWebhook | null }>) {
      const site = siteOf(state, action.payload.hwaddr);
      site.loaded = true;
      site.webhook = action.payload.webhook;
      site.loadError = null;
    },
    webhookLoadFailed(state, action: PayloadAction<SiteRef & { error: string }>) {
      const site = siteOf(state, action.payload.hwaddr);
      site.loaded = true;
      site.loadError = action.payload.error;
    },
    /** The deliveries are to be asked again; a request still on its way is dropped for this one. */
    webhookDeliveriesRequested(_state, _action: PayloadAction<string>) {},
    webhookDeliveriesLoaded(state, action: PayloadAction<SiteRef & { deliveries: WebhookDeliveryView[] }>) {
      const site = siteOf(state, action.payload.hwaddr);
      site.deliveries = settleDeliveries(site.deliveries ?? [], action.payload.deliveries);
      site.deliveriesError = null;
    },
    webhookDeliveriesFailed(state, action: PayloadAction<SiteRef & { error: string }>) {
      siteOf(state, action.payload.hwaddr).deliveriesError = action.payload.error;
    },
    webhookSaveRequested(state, _action: PayloadAction<SiteRef & { url: string }>) {
      state.forms.saveWebhook = requestPending;
    },
    /** 'New secret': the saved address with a new secret (an edited, unsaved address is not sent). */
    webhookNewSecretRequested(state, _action: PayloadAction<SiteRef>) {
      state.forms.newSecret = requestPending;
    },
    webhookSaved(state, action: PayloadAction<SiteRef & { webhook: SiteWebhook; form: 'saveWebhook' | 'newSecret' }>) {
      const site = siteOf(state, action.payload.hwaddr);
      site.loaded = true;
      site.webhook = action.payload.webhook;
      site.loadError = null;
      state.forms[action.payload.form] = requestDone();
    },
    webhookRemoveRequested(state, _action: PayloadAction<SiteRef>) {
      state.forms.removeWebhook = requestPending;
    },
    webhookRemoved(state, action: PayloadAction<SiteRef>) {
      siteOf(state, action.payload.hwaddr).webhook = null;
      state.forms.removeWebhook = requestDone();
    },
    webhookTestRequested(state, _action: PayloadAction<SiteRef>) {
      state.forms.sendTest = requestPending;
    },
    /** The test message the API queued: on top of the list at once, before the list is asked again. */
    webhookTestQueued(state, action: PayloadAction<SiteRef & { delivery: WebhookDeliveryView }>) {
      const site = siteOf(state, action.payload.hwaddr);
      site.deliveries = withNewDelivery(site.deliveries ?? [], action.payload.delivery);
      state.forms.sendTest = requestDone();
    },
    webhookSecretCopyRequested(state, _action: PayloadAction<SiteRef>) {
      state.forms.copySecret = requestPending;
    },
    webhookSecretCopied(state) {
      state.forms.copySecret = requestDone();
    },
    webhookFormFailed(state, action: PayloadAction<{ form: WebhookFormId; error: string }>) {
      state.forms[action.payload.form] = requestFailed(action.payload.error);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialWebhooksState);
  },
});

export const {
  webhookSectionOpened,
  webhookSectionClosed,
  webhookLoaded,
  webhookLoadFailed,
  webhookDeliveriesRequested,
  webhookDeliveriesLoaded,
  webhookDeliveriesFailed,
  webhookSaveRequested,
  webhookNewSecretRequested,
  webhookSaved,
  webhookRemoveRequested,
  webhookRemoved,
  webhookTestRequested,
  webhookTestQueued,
  webhookSecretCopyRequested,
  webhookSecretCopied,
  webhookFormFailed,
} = webhooksSlice.actions;

/** The store's `webhooks` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    webhooks: WebhooksState;
  }
}
