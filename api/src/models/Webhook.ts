// Objection model over `webhooks`: an agent's delivery endpoints (issue 29 item 4, decision 196).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo, hasMany } from './relations.ts';
import { User } from './User.ts';
import { WebhookDelivery } from './WebhookDelivery.ts';

export class Webhook extends Model {
  static override tableName = 'webhooks';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'webhooks.userId', 'users.id'),
    webhookDeliveries: hasMany(WebhookDelivery, 'webhooks.id', 'webhook_deliveries.webhookId'),
  });
  id!: number;
  userId!: number;
  url!: string;
  /** Comma-separated event types. */
  events!: string;
  enabled!: boolean | number;
  createdAt!: string;
  updatedAt!: string;
  user?: User | null;
  webhookDeliveries?: WebhookDelivery[];
}
