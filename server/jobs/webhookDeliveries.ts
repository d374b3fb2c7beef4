/**
 * Webhook 推送: every WEBHOOK_EVERY_SECONDS each process sends the deliveries that are due. Not a scheduled job of
 * schedule.ts: its claim is per delivery (domain/webhook/deliver.ts), so processes share the work rather than
 * take turns, and one slow receiver holds up its own round only.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open';
import { deliverDue, type DeliveryOptions } from '../domain/webhook/deliver';

export function scheduleWebhookDeliveries(app: FastifyInstance, db: Db, options: DeliveryOptions, everySeconds: number): void {
  let running: Promise<void> | undefined;
  let closing = false;
  const round = async () => {
    try {
      // A full batch means more may be due: the next goes at once.
      while (!closing && (await deliverDue(db, options)) === (options.batch ?? 50));
    } catch (err) {
      app.log.error({ err }, 'webhook deliveries failed');
    }
  };
  const tick = () => {
    if (running || closing) return;
    running = round().finally(() => (running = undefined));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everySeconds * 1000);
    timer.unref();
  });
  // A stop lets the round running finish (each send is bounded by the receiver's timeout), and starts no other.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
