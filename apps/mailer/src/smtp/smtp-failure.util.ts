/** How a failed SMTP delivery should be treated. */
export interface SmtpFailure {
  /** The server refused for good (a 5xx answer): trying again would be refused again. */
  permanent: boolean;
  /** One line for the delivery record and the logs. */
  reason: string;
}

interface NodemailerError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * A 5xx answer (unknown recipient, message refused, authentication refused) is permanent; a 4xx
 * answer, a refused or broken connection and a timeout are temporary: the server may be back.
 */
export function classifySmtpFailure(error: unknown): SmtpFailure {
  const details = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as NodemailerError;
  const code = details.responseCode;
  const reason = [details.code, details.response ?? details.message]
    .filter(Boolean)
    .join(': ')
    .replace(/\s+/g, ' ')
    .trim();
  return { permanent: typeof code === 'number' && code >= 500 && code < 600, reason: reason || 'unknown SMTP failure' };
}
