/** How a failed SMTP delivery should be treated. */
export interface SmtpFailure {
  /** The server refused for good (a 5xx answer): trying again would be refused again. */
  permanent: boolean;
  /** One line for the delivery record and the logs. */
  reason: string;
  /**
   * No answer came and the connection was not refused: the server may have accepted the message
   * before it went silent or away (nodemailer reports a timeout or a close at any stage alike), so a
   * try after it counts as a possible repeat.
   */
  mayHaveBeenAccepted: boolean;
}

/** Connection failures that come before any part of a message is sent. */
const BEFORE_SENDING = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/;

interface NodemailerError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * A 5xx answer (unknown recipient, message refused, authentication refused) is permanent; a 4xx
 * answer, a refused or broken connection and a timeout are temporary: the server may be back. An
 * answer or a refused connection means nothing was accepted; silence or a broken connection may not.
 */
export function classifySmtpFailure(error: unknown): SmtpFailure {
  const details = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as NodemailerError;
  const code = details.responseCode;
  const reason = [details.code, details.response ?? details.message]
    .filter(Boolean)
    .join(': ')
    .replace(/\s+/g, ' ')
    .trim();
  const answered = typeof code === 'number';
  return {
    permanent: answered && code >= 500 && code < 600,
    reason: reason || 'unknown SMTP failure',
    mayHaveBeenAccepted: !answered && !BEFORE_SENDING.test(reason),
  };
}
