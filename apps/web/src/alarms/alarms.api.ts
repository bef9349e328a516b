import type { AlarmAcknowledgeRequest, AlarmDetailDto, AlarmDto, AlarmsListResponse } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

const alarmPath = (id: number) => `/api/v2/alarms/${id}`;

const isObject = (body: unknown): body is object => typeof body === 'object' && body !== null;
const isAlarm = (body: unknown): body is AlarmDto => isObject(body) && 'id' in body && 'kind' in body;

/** The alarms of the user's sites that need someone, then the latest handled ones. */
export function fetchAlarms(claims: string): Promise<AlarmsListResponse> {
  return apiRequest('/api/v2/alarms', {
    token: claims,
    isExpectedBody: (body): body is AlarmsListResponse =>
      isObject(body) && 'alarms' in body && Array.isArray(body.alarms),
  });
}

/** One alarm with its timeline, oldest change first. */
export function fetchAlarmDetail(claims: string, id: number): Promise<AlarmDetailDto> {
  return apiRequest(alarmPath(id), {
    token: claims,
    isExpectedBody: (body): body is AlarmDetailDto => isAlarm(body) && 'timeline' in body,
  });
}

/** Answers the alarm as acknowledged. */
export function acknowledgeAlarm(claims: string, id: number, request: AlarmAcknowledgeRequest): Promise<AlarmDto> {
  return apiRequest(`${alarmPath(id)}/acknowledge`, { token: claims, body: request, isExpectedBody: isAlarm });
}
