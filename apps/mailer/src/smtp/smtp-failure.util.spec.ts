import { classifySmtpFailure } from './smtp-failure.util';

describe('classifySmtpFailure', () => {
  it('treats a 5xx answer as permanent, with the server answer as reason', () => {
    expect(
      classifySmtpFailure({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user', message: 'x' }),
    ).toEqual({
      permanent: true,
      reason: 'EENVELOPE: 550 5.1.1 No such user',
      mayHaveBeenAccepted: false,
    });
  });

  it('treats a 4xx answer, a refused connection and anything else as temporary', () => {
    expect(classifySmtpFailure({ code: 'EENVELOPE', responseCode: 451, response: '451 try later' }).permanent).toBe(
      false,
    );
    expect(classifySmtpFailure({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:2525' })).toEqual({
      permanent: false,
      reason: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:2525',
      mayHaveBeenAccepted: false,
    });
    expect(classifySmtpFailure('boom')).toEqual({ permanent: false, reason: 'boom', mayHaveBeenAccepted: true });
  });

  it('takes silence or a broken connection for a message the server may have accepted, an answer or a refusal for one it did not', () => {
    expect(classifySmtpFailure({ code: 'ETIMEDOUT', message: 'Timeout' }).mayHaveBeenAccepted).toBe(true);
    expect(
      classifySmtpFailure({ code: 'ECONNECTION', message: 'Connection closed unexpectedly' }).mayHaveBeenAccepted,
    ).toBe(true);
    expect(
      classifySmtpFailure({ code: 'EMESSAGE', responseCode: 451, response: '451 later' }).mayHaveBeenAccepted,
    ).toBe(false);
    expect(
      classifySmtpFailure({ code: 'EDNS', message: 'getaddrinfo ENOTFOUND smtp.example' }).mayHaveBeenAccepted,
    ).toBe(false);
  });
});
