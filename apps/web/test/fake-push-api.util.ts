import { PUSH_MESSAGES, type PushDeviceDto, type PushDeviceRequest } from '@app/contracts';
import { jsonResponse } from './fetch-mock.util';
import type { Answer } from './render-app.util';

/** A VAPID public key as `web-push generate-vapid-keys` prints one (base64url, 65 bytes). */
export const VAPID_PUBLIC_KEY =
  'BEozJ7QBytzcg2_e_P4QYowWKe6SAjn7WeH--PUpP25ojbTe7OTPp6H40LHuVubPlehdGJrILGk-xbGtruId5J8';

const PUSH_PATH = '/api/v2/account/push';

export function pushDeviceOf(id: number, overrides: Partial<PushDeviceDto> = {}): PushDeviceDto {
  return {
    id,
    name: 'Firefox on Windows',
    service: 'https://updates.push.services.mozilla.com',
    createdAt: '2026-11-20T08:30:00.000Z',
    lastPushAt: null,
    ...overrides,
  };
}

/**
 * The push API as portal-api answers it for one user: the settings, a device registered (the same
 * endpoint again updates its device), removed and sent a test; an unknown device is refused as the
 * API refuses it. Other paths are not its: it answers undefined.
 */
export class FakePushApi {
  publicKey: string | null = VAPID_PUBLIC_KEY;
  readonly registered: PushDeviceRequest[] = [];
  readonly tests: number[] = [];
  readonly removed: number[] = [];
  /** The Authorization header of each request to the push API, in order. */
  readonly authorizations: string[] = [];
  /** Answers a request ('METHOD path') instead of the fake, when it returns one. */
  refuse: (request: string) => Response | undefined = () => undefined;
  now = '2026-11-28T10:00:00.000Z';
  private readonly endpoints = new Map<string, number>();
  private nextId = 100;

  constructor(public devices: PushDeviceDto[] = []) {}

  readonly answer: Answer = (path, init) => {
    if (!path.startsWith(PUSH_PATH)) return undefined;
    this.authorizations.push(new Headers(init?.headers).get('Authorization') ?? '');
    const request = `${init?.method ?? 'GET'} ${path}`;
    const refused = this.refuse(request);
    if (refused) return refused;
    if (request === `GET ${PUSH_PATH}`)
      return jsonResponse(200, 'OK', { publicKey: this.publicKey, devices: this.devices });
    if (request === `POST ${PUSH_PATH}/devices`)
      return this.register(JSON.parse(String(init?.body)) as PushDeviceRequest);
    const match = /^\/devices\/(\d+)(\/test)?$/.exec(path.slice(PUSH_PATH.length));
    const id = Number(match?.[1]);
    if (!match || !this.devices.some((device) => device.id === id))
      return jsonResponse(404, 'Not Found', { err: PUSH_MESSAGES.deviceNotFound });
    if (match[2] && init?.method === 'POST') this.tests.push(id);
    else if (!match[2] && init?.method === 'DELETE') {
      this.removed.push(id);
      this.devices = this.devices.filter((device) => device.id !== id);
    } else return jsonResponse(404, 'Not Found', { err: 'no route' });
    return jsonResponse(200, 'OK', {});
  };

  private register(body: PushDeviceRequest): Response {
    this.registered.push(body);
    const id = this.endpoints.get(body.endpoint) ?? this.nextId++;
    this.endpoints.set(body.endpoint, id);
    const device = pushDeviceOf(id, { name: body.name, service: new URL(body.endpoint).origin, createdAt: this.now });
    this.devices = [...this.devices.filter((known) => known.id !== id), device];
    return jsonResponse(200, 'OK', device);
  }
}
