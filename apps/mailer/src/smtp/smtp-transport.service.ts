import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpConfig } from '../mailer.config';
import type { RenderedMail } from '../templates/template-renderer.util';

export interface OutgoingMail extends RenderedMail {
  to: { name: string; address: string };
  /** A Message-ID of the caller's (stable across sends of one mail); nodemailer makes one otherwise. */
  messageId?: string;
}

/**
 * The one way out of the app: nodemailer over SMTP with the configured server, sender and
 * credentials. A connection per mail, so a server that was down is simply tried again.
 */
@Injectable()
export class SmtpTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(readonly config: SmtpConfig) {
    this.transporter = createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.user ? { user: config.user, pass: config.password } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  /** Resolves once the server has accepted the mail (answered 250 to its data). */
  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({
      from: this.config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
    });
  }

  /** Connects and greets (and logs in when configured): the health check. */
  async verify(): Promise<void> {
    await this.transporter.verify();
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}
