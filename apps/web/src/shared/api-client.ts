import { MESSAGES, invalidBodyMessage, networkFailureMessage, statusCodeMessage } from '@app/contracts';

/**
 * The one way the web client talks to portal-api. Every failure becomes an ApiError whose message is
 * the spec's wording (section 8), ready to be shown as it is.
 */

export type ApiErrorKind = 'network' | 'unavailable' | 'status' | 'invalid-body';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status of the answer; absent when no answer arrived. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; its presence makes the request a POST unless a method is given. */
  body?: unknown;
  /** Bearer token (session or claims). */
  token?: string;
  signal?: AbortSignal;
  /** Checks that the parsed body has the expected shape; a body failing it counts as invalid. */
  isExpectedBody?: (body: unknown) => body is T;
}

const BAD_GATEWAY = 502;

export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === BAD_GATEWAY) {
    throw new ApiError(MESSAGES.serverUnavailable, 'unavailable', response.status);
  }
  const text = await readText(response);
  const body = parseJson(text);
  if (!response.ok) throw refusal(response, body);
  if (text === '' && !options.isExpectedBody) {
    // Calls that answer nothing (a rename, a resolve) resolve with no value.
    return undefined as T;
  }
  if (!body.parsed || (options.isExpectedBody && !options.isExpectedBody(body.value))) {
    throw new ApiError(invalidBodyMessage(response.status, response.statusText), 'invalid-body', response.status);
  }
  return body.value as T;
}

/** A file portal-api answers (an events export): its content and the name its Content-Disposition gives. */
export interface ApiFile {
  blob: Blob;
  fileName: string | undefined;
}

/** GETs a file with a bearer token; a refusal fails as apiRequest's do, with the server's err. */
export async function apiDownload(
  path: string,
  options: { token?: string; signal?: AbortSignal } = {},
): Promise<ApiFile> {
  const response = await send(path, options, '*/*');
  if (response.status === BAD_GATEWAY) throw new ApiError(MESSAGES.serverUnavailable, 'unavailable', response.status);
  if (!response.ok) throw refusal(response, parseJson(await readText(response)));
  try {
    return { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('Content-Disposition')) };
  } catch (error) {
    // A download cut short (the server stopped mid-file) is a network failure, not a shorter file.
    throw new ApiError(networkFailureMessage(reasonOf(error)), 'network', response.status);
  }
}

function refusal(response: Response, body: ParsedBody): ApiError {
  const serverMessage = body.parsed ? errField(body.value) : undefined;
  return new ApiError(
    serverMessage ?? statusCodeMessage(response.status, response.statusText),
    'status',
    response.status,
  );
}

function dispositionFileName(header: string | null): string | undefined {
  return header?.match(/filename="([^"]+)"/)?.[1];
}

async function send<T>(path: string, options: ApiRequestOptions<T>, accept = 'application/json'): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  try {
    return await fetch(path, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    throw new ApiError(networkFailureMessage(reasonOf(error)), 'network');
  }
}

/** A connection dropped while the body streams in is a network failure too. */
async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw new ApiError(networkFailureMessage(reasonOf(error)), 'network', response.status);
  }
}

type ParsedBody = { parsed: true; value: unknown } | { parsed: false };

function parseJson(text: string): ParsedBody {
  try {
    return { parsed: true, value: JSON.parse(text) };
  } catch {
    return { parsed: false };
  }
}

function errField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('err' in body)) return undefined;
  const { err } = body;
  return typeof err === 'string' && err !== '' ? err : undefined;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
