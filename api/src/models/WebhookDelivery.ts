// Objection model over `webhook_deliveries`: one event for one endpoint, its state and next try (decision 196).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo, hasMany } from './relations.ts';
import { User } from './User.ts';
import { Webhook } from './Webhook.ts';
import { WebhookAttempt } from './WebhookAttempt.ts';

export class WebhookDelivery extends Model {
  static override tableName = 'webhook_deliveries';
  static override relationMappings: RelationMappingsThunk = () => ({
    webhook: belongsTo(Webhook, 'webhook_deliveries.webhookId', 'webhooks.id'),
    user: belongsTo(User, 'webhook_deliveries.userId', 'users.id'),
    webhookAttempts: hasMany(WebhookAttempt, 'webhook_deliveries.id', 'webhook_attempts.deliveryId'),
  });
  id!: number;
  webhookId!: number;
  userId!: number;
  eventId!: string;
  eventType!: string;
  payload!: string;
  status!: string;
  attempts!: number;
  nextAttemptAt!: string;
  leaseUntil!: string | null;
  giveUpAt!: string;
  deliveredAt!: string | null;
  lastStatusCode!: number | null;
  lastError!: string | null;
  createdAt!: string;
  webhook?: Webhook | null;
  user?: User | null;
  webhookAttempts?: WebhookAttempt[];
}
