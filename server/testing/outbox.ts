/** Reads what the server wrote to its outbox folder: mails (.eml) and SMS (.txt). The browser tests use it too. */
import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The first http(s) link of the text. */
  link?: string;
}

function decodeWords(header: string): string {
  return header.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function parseMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { file, to: header('To'), subject: decodeWords(header('Subject')), text, link: /https?:\/\/\S+/.exec(text)?.[0] };
}

function files(dir: string, kind: 'mail' | 'sms'): string[] {
  if (!fs.existsSync(dir)) return [];
  const pattern = kind === 'mail' ? /-mail-.*\.eml$/ : /-sms-.*\.txt$/;
  return fs
    .readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Mails in the order they were written, optionally only those to one address. */
export function readMails(dir: string, to?: string): OutboxMail[] {
  return files(dir, 'mail')
    .map(parseMail)
    .filter((mail) => !to || mail.to === to);
}

/** The latest SMS code sent to a mobile number. */
export function latestSmsCode(dir: string, mobile: string): string | undefined {
  const last = files(dir, 'sms')
    .filter((file) => file.endsWith(`-sms-${mobile}.txt`))
    .pop();
  return last ? /\b(\d{6})\b/.exec(fs.readFileSync(last, 'utf8'))?.[1] : undefined;
}
