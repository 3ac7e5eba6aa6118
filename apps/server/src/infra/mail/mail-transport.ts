import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The language it is written in (BCP 47): its Content-Language header, when known. */
  language?: string | null | undefined;
}

/** Hands one mail to the outside world; rejects when it could not. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// Well under the delivery lease, so a stuck server never lets another process send the same mail.
const SMTP_TIMEOUT_MS = 30_000;

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const smtp = new SMTPTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const transporter = nodemailer.createTransport(smtp, { from });
  return {
    async send(mail) {
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.language ? { headers: { 'Content-Language': mail.language } } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL: the mail stays in the outbox (see /dev/mailbox) and is printed to the log. */
export function devTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async send(mail) {
      log.info(`dev outbox: mail to ${mail.to} "${mail.subject}"\n${mail.text}`);
    },
    close: () => {},
  };
}
