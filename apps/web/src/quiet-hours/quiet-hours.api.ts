import type { QuietHoursSetting } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

const QUIET_HOURS_PATH = '/api/v2/account/quiet-hours';

const isObject = (body: unknown): body is object => typeof body === 'object' && body !== null;

/** The API leaves a null out: a body without quietHours is none. */
const isSetting = (body: unknown): body is Partial<QuietHoursSetting> =>
  isObject(body) && (!('quietHours' in body) || body.quietHours === null || isObject(body.quietHours));

const settingOf = (body: Partial<QuietHoursSetting>): QuietHoursSetting => ({ quietHours: body.quietHours ?? null });

/** The user's quiet hours (null: none). Session token. */
export async function fetchQuietHours(session: string): Promise<QuietHoursSetting> {
  return settingOf(await apiRequest(QUIET_HOURS_PATH, { token: session, isExpectedBody: isSetting }));
}

/** Sets (or, with null, removes) the user's quiet hours; answers them as saved. */
export async function saveQuietHours(session: string, setting: QuietHoursSetting): Promise<QuietHoursSetting> {
  return settingOf(
    await apiRequest(QUIET_HOURS_PATH, { token: session, method: 'PUT', body: setting, isExpectedBody: isSetting }),
  );
}
