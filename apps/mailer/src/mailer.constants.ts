/** Injection token of the validated MailerConfig. */
export const MAILER_CONFIG = Symbol('MAILER_CONFIG');

/** Why an owed alarm mail was not sent after all: its job found the user opted out or without the site. */
export const NO_LONGER_OPTED_IN = 'Not sent: the user no longer has e-mails for this site on';

/** Why an escalation mail to someone who lost the site since it was owed is not sent. */
export const NO_LONGER_WITH_ACCESS = 'Not sent: the user no longer has access to this site';
