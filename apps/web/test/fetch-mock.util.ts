/**
 * The browser's fetch is the one thing web tests replace: each test says what the server answers.
 */

export type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>;

export function installFetchMock(): FetchMock {
  const mock: FetchMock = jest.fn();
  globalThis.fetch = mock;
  return mock;
}

export function jsonResponse(status: number, statusText: string, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function textResponse(status: number, statusText: string, text: string): Response {
  return new Response(text, { status, statusText });
}

export function networkFailure(reason: string): Promise<Response> {
  return Promise.reject(new TypeError(reason));
}
