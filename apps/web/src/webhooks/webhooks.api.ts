import type { SiteWebhook, SiteWebhookRequest, SiteWebhookResponse, WebhookDeliveryView } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

// Spelled here rather than taken from the sites domain, which shows this one's section: importing
// it back would close a circle between the two.
const webhookPath = (hwaddr: string) => `/api/v2/sites/${encodeURIComponent(hwaddr)}/webhook`;

const isObject = (body: unknown): body is object => typeof body === 'object' && body !== null;
const isWebhook = (body: unknown): body is SiteWebhook => isObject(body) && 'url' in body && 'secret' in body;
const isDelivery = (body: unknown): body is WebhookDeliveryView =>
  isObject(body) && 'messageId' in body && 'attempts' in body;

export function fetchSiteWebhook(claims: string, hwaddr: string): Promise<SiteWebhookResponse> {
  return apiRequest(webhookPath(hwaddr), {
    token: claims,
    isExpectedBody: (body): body is SiteWebhookResponse => isObject(body) && 'webhook' in body,
  });
}

/** Sets the address (and, when asked, a new secret); answers the webhook as stored. */
export function saveSiteWebhook(claims: string, hwaddr: string, request: SiteWebhookRequest): Promise<SiteWebhook> {
  return apiRequest(webhookPath(hwaddr), { token: claims, method: 'PUT', body: request, isExpectedBody: isWebhook });
}

export function removeSiteWebhook(claims: string, hwaddr: string): Promise<unknown> {
  return apiRequest(webhookPath(hwaddr), { token: claims, method: 'DELETE' });
}

/** The latest deliveries, newest first; the signal drops a refresh that a newer one replaced. */
export function fetchWebhookDeliveries(
  claims: string,
  hwaddr: string,
  signal?: AbortSignal,
): Promise<WebhookDeliveryView[]> {
  return apiRequest(`${webhookPath(hwaddr)}/deliveries`, {
    token: claims,
    signal,
    isExpectedBody: (body): body is WebhookDeliveryView[] => Array.isArray(body),
  });
}

/** Queues a 'webhook.test' message; answers its delivery. */
export function sendWebhookTest(claims: string, hwaddr: string): Promise<WebhookDeliveryView> {
  return apiRequest(`${webhookPath(hwaddr)}/test`, { token: claims, method: 'POST', isExpectedBody: isDelivery });
}
