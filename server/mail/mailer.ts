/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written as an
 * .eml file to the outbox folder and its link is logged, so that a local start needs no mail server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail is about, logged when the mail goes to the outbox. */
  link?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = 'Shipdesk <no-reply@shipdesk.local>';

export function createMailer(options: { smtpUrl?: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ to, subject, text, headers }) {
        await transport.sendMail({ from: FROM, to, subject, text, headers });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ to, subject, text, link, headers }) {
      // base64 keeps long links whole in the file; quoted-printable would wrap them.
      const info = await transport.sendMail({ from: FROM, to, subject, text, headers, textEncoding: 'base64' });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${outboxStamp()}-mail-${to.replace(/[^\w.@-]/g, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.log.info({ to, subject, link, file }, 'mail written to the outbox');
    },
  };
}

let written = 0;

/** Sorts in writing order within a process (time, then a counter) and stays unique across processes. */
export function outboxStamp(): string {
  written += 1;
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(written).padStart(6, '0')}-${process.pid}`;
}
