import { ApiError, apiDownload, apiRequest } from './api-client';
import {
  installFetchMock,
  jsonResponse,
  networkFailure,
  textResponse,
  type FetchMock,
} from '../../test/fetch-mock.util';

describe('apiRequest', () => {
  let fetchMock: FetchMock;

  beforeEach(() => {
    fetchMock = installFetchMock();
  });

  async function failureOf(request: Promise<unknown>): Promise<ApiError> {
    const error = await request.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
    return error;
  }

  it('resolves with the parsed body of an OK answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, 'OK', { sites: ['a'] }));

    await expect(apiRequest('/api/v2/sites')).resolves.toEqual({ sites: ['a'] });
  });

  it('sends a GET with the bearer token and a POST with a JSON body', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, 'OK', {})));

    await apiRequest('/api/auth/account', { token: 'session-token' });
    await apiRequest('/api/auth/login', { body: { email: 'a@b.c', password: 'secret123' } });

    const [getPath, getInit] = fetchMock.mock.calls[0];
    expect(getPath).toBe('/api/auth/account');
    expect(getInit?.method).toBe('GET');
    expect(getInit?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer session-token' });
    const [, postInit] = fetchMock.mock.calls[1];
    expect(postInit?.method).toBe('POST');
    expect(postInit?.body).toBe('{"email":"a@b.c","password":"secret123"}');
    expect(postInit?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('resolves with nothing when an OK answer has no body', async () => {
    fetchMock.mockResolvedValue(textResponse(200, 'OK', ''));

    await expect(apiRequest('/api/v2/sites/0123456789ab/name', { body: { name: 'Depot' } })).resolves.toBeUndefined();
  });

  it("says 'Server currently unavailable.' on 502, whatever the body", async () => {
    fetchMock.mockResolvedValue(jsonResponse(502, 'Bad Gateway', { err: 'upstream down' }));

    const error = await failureOf(apiRequest('/api/relays'));

    expect(error.message).toBe('Server currently unavailable.');
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(502);
  });

  it("uses the server's err field of a non-OK answer", async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, 'Bad Request', { err: 'Key is incorrect' }));

    const error = await failureOf(apiRequest('/api/v2/claims/create', { body: {} }));

    expect(error.message).toBe('Key is incorrect');
    expect(error.kind).toBe('status');
    expect(error.status).toBe(400);
  });

  it('names the status of a non-OK answer without an err field', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, 'Not Found', { message: 'no route' }));

    const error = await failureOf(apiRequest('/api/nowhere'));

    expect(error.message).toBe('Status code 404 Not Found returned by server.');
  });

  it('names the status of a non-OK answer whose body is not JSON', async () => {
    fetchMock.mockResolvedValue(textResponse(500, 'Internal Server Error', '<html>oops</html>'));

    const error = await failureOf(apiRequest('/api/relays'));

    expect(error.message).toBe('Status code 500 Internal Server Error returned by server.');
  });

  it('reports an OK answer whose body cannot be parsed', async () => {
    fetchMock.mockResolvedValue(textResponse(200, 'OK', '{"sites": ['));

    const error = await failureOf(apiRequest('/api/v2/sites'));

    expect(error.message).toBe('Status code 200 OK returned by server with invalid body.');
    expect(error.kind).toBe('invalid-body');
  });

  it('reports a body that fails the expected shape as invalid', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, 'OK', { unexpected: true }));
    const hasName = (body: unknown): body is { name: string } =>
      typeof body === 'object' && body !== null && 'name' in body;

    const error = await failureOf(apiRequest('/api/thing', { isExpectedBody: hasName }));

    expect(error.message).toBe('Status code 200 OK returned by server with invalid body.');
  });

  it('gives the reason of a network failure', async () => {
    fetchMock.mockImplementation(() => networkFailure('Failed to fetch'));

    const error = await failureOf(apiRequest('/api/relays'));

    expect(error.message).toBe('Could not contact server due to: Failed to fetch');
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
  });
});

describe('apiDownload', () => {
  let fetchMock: FetchMock;

  beforeEach(() => {
    fetchMock = installFetchMock();
  });

  it('resolves with the file and the name its Content-Disposition gives', async () => {
    fetchMock.mockResolvedValue(
      new Response('a,b\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="events-depot.csv"' },
      }),
    );

    const file = await apiDownload('/api/v2/sites/00a0b1c2d3e4/events/export', { token: 'claims-token' });

    expect(file.fileName).toBe('events-depot.csv');
    expect(await file.blob.text()).toBe('a,b\r\n');
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ Authorization: 'Bearer claims-token' });
  });

  it("fails with the server's err of a refusal", async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, 'Forbidden', { err: 'You do not have access to this panel' }));

    await expect(apiDownload('/api/v2/sites/00a0b1c2d3e4/events/export')).rejects.toMatchObject({
      message: 'You do not have access to this panel',
      kind: 'status',
      status: 403,
    });
  });

  it('fails as a network failure when the file is cut short', async () => {
    // What fetch does when the connection drops before the last chunk: reading the body fails.
    const response = new Response('a,b\r\n', { status: 200 });
    jest.spyOn(response, 'blob').mockRejectedValue(new TypeError('terminated'));
    fetchMock.mockResolvedValue(response);

    await expect(apiDownload('/api/v2/sites/00a0b1c2d3e4/events/export')).rejects.toMatchObject({
      message: 'Could not contact server due to: terminated',
      kind: 'network',
    });
  });
});
