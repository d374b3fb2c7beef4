/** A delivery as its subscription's page shows it. */
import type { WebhookDelivery } from '../../../contract/webhook/schema';
import { webhookDeliveries } from '../../db/schema';

export const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastError: webhookDeliveries.lastError,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

type Row = { [K in keyof typeof deliveryColumns]: (typeof webhookDeliveries.$inferSelect)[K] };

export const deliveryView = (row: Row): WebhookDelivery => ({
  ...row,
  // The next try is only news while one is waiting.
  nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});
