import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { CORRELATION_ID_HEADER, isWellFormedCorrelationId, requestCorrelationId } from './correlation-id.util';

function exchange(headers: Record<string, string>): { request: IncomingMessage; response: ServerResponse } {
  const request = new IncomingMessage(new Socket());
  request.headers = headers;
  return { request, response: new ServerResponse(request) };
}

describe('correlation ids', () => {
  it('are 1 to 64 characters of letters, digits and ._:- (what a panel command carries on the wire)', () => {
    expect(isWellFormedCorrelationId('6c1f2b1e-8d4a-4f7e-9a51-3b0f0c2d1e9a')).toBe(true);
    expect(isWellFormedCorrelationId('evt-0011aabbccdd-17')).toBe(true);
    expect(isWellFormedCorrelationId('a'.repeat(64))).toBe(true);
    expect(isWellFormedCorrelationId('a'.repeat(65))).toBe(false);
    expect(isWellFormedCorrelationId('')).toBe(false);
    expect(isWellFormedCorrelationId('two words')).toBe(false);
    expect(isWellFormedCorrelationId('-leading')).toBe(false);
    expect(isWellFormedCorrelationId('line\nbreak')).toBe(false);
    expect(isWellFormedCorrelationId(17)).toBe(false);
  });

  it("take the caller's X-Correlation-Id, else its X-Request-Id, and name it in the response", () => {
    const both = exchange({ 'x-correlation-id': 'from-caller', 'x-request-id': 'from-proxy' });
    expect(requestCorrelationId(both.request, both.response)).toBe('from-caller');
    expect(both.response.getHeader(CORRELATION_ID_HEADER)).toBe('from-caller');
    const proxied = exchange({ 'x-request-id': 'from-proxy' });
    expect(requestCorrelationId(proxied.request, proxied.response)).toBe('from-proxy');
  });

  it('make a new one when the given one is not well formed, and answer the same one when asked again', () => {
    const { request, response } = exchange({ 'x-correlation-id': 'x'.repeat(200) });
    const id = requestCorrelationId(request, response);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestCorrelationId(request, response)).toBe(id);
    expect(response.getHeader(CORRELATION_ID_HEADER)).toBe(id);
  });
});
