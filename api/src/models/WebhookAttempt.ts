// Objection model over `webhook_attempts`: one try of a delivery, as the agent's delivery log shows it.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { WebhookDelivery } from './WebhookDelivery.ts';

export class WebhookAttempt extends Model {
  static override tableName = 'webhook_attempts';
  static override relationMappings: RelationMappingsThunk = () => ({
    delivery: belongsTo(WebhookDelivery, 'webhook_attempts.deliveryId', 'webhook_deliveries.id'),
  });
  id!: number;
  deliveryId!: number;
  attempt!: number;
  at!: string;
  statusCode!: number | null;
  durationMs!: number;
  error!: string | null;
  responseExcerpt!: string | null;
  delivery?: WebhookDelivery | null;
}
