import type { RelayDto } from '@app/contracts';
import { apiRequest } from '../app/api-client';

export function fetchRelays(session: string): Promise<RelayDto[]> {
  return apiRequest('/api/relays', { token: session, isExpectedBody: (body): body is RelayDto[] => Array.isArray(body) });
}
