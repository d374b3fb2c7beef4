/**
 * Text messages. No SMS gateway is wired in yet: the default sender writes each message to the outbox folder
 * and logs it, which is what a local start and the tests read. A gateway implements `SmsSender`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { outboxStamp } from '../mail/mailer';

export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

export function createOutboxSms(options: { outboxDir: string; log: FastifyBaseLogger }): SmsSender {
  return {
    async send(mobile, text) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${outboxStamp()}-sms-${mobile}.txt`);
      await fs.writeFile(file, `To: ${mobile}\n\n${text}\n`);
      options.log.info({ mobile, file }, 'SMS written to the outbox');
    },
  };
}
