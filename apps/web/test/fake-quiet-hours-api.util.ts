// Used by this domain's specs only.
import { QUIET_HOURS_MESSAGES, quietHoursProblem, type QuietHours, type QuietHoursSetting } from '@app/contracts';
import { jsonResponse } from './fetch-mock.util';
import type { Answer } from './render-app.util';

const QUIET_HOURS_PATH = '/api/v2/account/quiet-hours';

/**
 * The quiet hours API as portal-api answers it for one user: read, and set (or removed with null),
 * refusing what it refuses; a null is left out of its answers, as the API leaves it out. Other
 * paths are not its: it answers undefined.
 */
export class FakeQuietHoursApi {
  readonly saved: Array<QuietHours | null> = [];
  /** Answers a request ('METHOD path') instead of the fake, when it returns one. */
  refuse: (request: string) => Response | undefined = () => undefined;

  constructor(public quietHours: QuietHours | null = null) {}

  readonly answer: Answer = (path, init) => {
    if (path !== QUIET_HOURS_PATH) return undefined;
    const request = `${init?.method ?? 'GET'} ${path}`;
    const refused = this.refuse(request);
    if (refused) return refused;
    if (init?.method === 'PUT') {
      const quiet = (JSON.parse(String(init.body)) as QuietHoursSetting).quietHours;
      const problem = quiet
        ? (quietHoursProblem(quiet) ??
          (quiet.timeZone.includes('/') || quiet.timeZone === 'UTC' ? null : QUIET_HOURS_MESSAGES.timeZone))
        : null;
      if (problem) return jsonResponse(400, 'Bad Request', { err: problem });
      this.saved.push(quiet);
      this.quietHours = quiet;
    } else if (init?.method !== undefined && init.method !== 'GET')
      return jsonResponse(404, 'Not Found', { err: 'no route' });
    return jsonResponse(200, 'OK', this.quietHours ? { quietHours: this.quietHours } : {});
  };
}
