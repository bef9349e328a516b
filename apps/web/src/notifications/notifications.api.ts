import type { NotificationDto } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

export function fetchNotifications(claims: string): Promise<NotificationDto[]> {
  return apiRequest('/api/notifications/list', {
    token: claims,
    isExpectedBody: (body): body is NotificationDto[] => Array.isArray(body),
  });
}

export function resolveNotification(claims: string, id: number): Promise<unknown> {
  return apiRequest(`/api/notifications/${id}/resolve`, { method: 'POST', token: claims, body: {} });
}
