// Used by this domain's specs only.
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  type TwoFactorCodeRequest,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import type { Answer } from '../../test/render-app.util';
import { TWO_FACTOR_PATH } from './two-factor.api';

/** The code the fake's authenticator shows. */
export const CURRENT_CODE = '492039';

/** A key as the API gives it; the QR's title has letters beyond Latin-1, as a real one may. */
export const ENROLMENT: TwoFactorEnrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl: 'otpauth://totp/Fire%20Alarm%20Portal:erin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  qrSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><title>Zoë’s key ✓</title><path d="M0 0h7v7H0z"/></svg>',
};

export const RECOVERY_CODES = Array.from({ length: RECOVERY_CODE_COUNT }, (_, at) => `abcde-fgh${at}k`);

const refusal = (status: number, statusText: string, err: string) => jsonResponse(status, statusText, { err });

/**
 * The two-factor API of My Account as portal-api answers it for one user: read, start, confirm and
 * turn off, refusing what it refuses, and only with a bearer token. Other paths are not its: it
 * answers undefined.
 */
export class FakeTwoFactorApi {
  enabled = false;
  recoveryCodesLeft = 0;
  waiting: TwoFactorEnrolment | null = null;
  /** The companies requiring it (docs/access.md, "Teams"); undefined: not sent, as by an older server. */
  requiredBy: string[] | undefined = undefined;
  /** The Authorization header of each request it was sent. */
  readonly bearers: Array<string | undefined> = [];
  /** Answers a request ('METHOD path') instead of the fake, when it returns one. */
  refuse: (request: string) => Response | undefined = () => undefined;

  private status(): TwoFactorStatus {
    const status = { enabled: this.enabled, recoveryCodesLeft: this.recoveryCodesLeft };
    return this.requiredBy === undefined ? status : { ...status, requiredBy: this.requiredBy };
  }

  readonly answer: Answer = (path, init) => {
    if (path !== TWO_FACTOR_PATH && !path.startsWith(`${TWO_FACTOR_PATH}/`)) return undefined;
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
    this.bearers.push(authorization);
    if (!authorization?.startsWith('Bearer ')) return refusal(401, 'Unauthorized', 'Missing session token');
    const request = `${init?.method ?? 'GET'} ${path.slice(TWO_FACTOR_PATH.length) || '/'}`;
    const refused = this.refuse(request);
    if (refused) return refused;
    const code = init?.body ? (JSON.parse(String(init.body)) as TwoFactorCodeRequest).code : '';

    switch (request) {
      case 'GET /':
        return jsonResponse(200, 'OK', this.status());
      case 'POST /enrolment':
        if (this.enabled) return refusal(409, 'Conflict', TWO_FACTOR_MESSAGES.alreadyOn);
        this.waiting = ENROLMENT;
        return jsonResponse(201, 'Created', ENROLMENT);
      case 'POST /enrolment/confirm':
        if (!this.waiting) return refusal(409, 'Conflict', TWO_FACTOR_MESSAGES.nothingToConfirm);
        if (code !== CURRENT_CODE) return refusal(400, 'Bad Request', TWO_FACTOR_MESSAGES.wrongCode);
        this.waiting = null;
        this.enabled = true;
        this.recoveryCodesLeft = RECOVERY_CODES.length;
        return jsonResponse(201, 'Created', { recoveryCodes: RECOVERY_CODES });
      case 'POST /disable':
        if (!this.enabled) return refusal(409, 'Conflict', TWO_FACTOR_MESSAGES.notOn);
        if (code !== CURRENT_CODE && !RECOVERY_CODES.includes(code))
          return refusal(400, 'Bad Request', TWO_FACTOR_MESSAGES.wrongCode);
        this.enabled = false;
        this.recoveryCodesLeft = 0;
        return jsonResponse(200, 'OK', this.status());
      default:
        return refusal(404, 'Not Found', 'no route');
    }
  };
}
