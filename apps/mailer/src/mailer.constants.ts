/** Injection token of the validated MailerConfig. */
export const MAILER_CONFIG = Symbol('MAILER_CONFIG');
