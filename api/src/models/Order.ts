// Objection model over `orders` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { OnboardingSurvey } from './OnboardingSurvey.ts';
import { OrderDelivery } from './OrderDelivery.ts';
import { OrderEvent } from './OrderEvent.ts';
import { OrderItem } from './OrderItem.ts';
import { Refund } from './Refund.ts';
import { TransferCall } from './TransferCall.ts';
import { TransferOrderUsage } from './TransferOrderUsage.ts';
import { User } from './User.ts';

export class Order extends Model {
  static override tableName = 'orders';
  static override relationMappings: RelationMappingsThunk = () => ({
    survey: { relation: Model.BelongsToOneRelation, modelClass: OnboardingSurvey, join: { from: 'orders.surveyId', to: 'onboarding_surveys.id' } },
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'orders.userId', to: 'users.id' } },
    orderDeliveries: { relation: Model.HasManyRelation, modelClass: OrderDelivery, join: { from: 'orders.id', to: 'order_deliveries.orderId' } },
    orderEvents: { relation: Model.HasManyRelation, modelClass: OrderEvent, join: { from: 'orders.id', to: 'order_events.orderId' } },
    orderItems: { relation: Model.HasManyRelation, modelClass: OrderItem, join: { from: 'orders.id', to: 'order_items.orderId' } },
    refunds: { relation: Model.HasManyRelation, modelClass: Refund, join: { from: 'orders.id', to: 'refunds.orderId' } },
    transferCalls: { relation: Model.HasManyRelation, modelClass: TransferCall, join: { from: 'orders.id', to: 'transfer_calls.orderId' } },
    transferOrderUsage: { relation: Model.HasManyRelation, modelClass: TransferOrderUsage, join: { from: 'orders.id', to: 'transfer_order_usage.orderId' } },
  });
  id!: number;
  userId!: number | null;
  surveyId!: number | null;
  kind!: string;
  tier!: string | null;
  count!: number;
  unitPriceCents!: number;
  amountCents!: number;
  currency!: string;
  status!: string;
  paymentIntentId!: string | null;
  idempotencyKey!: string;
  metadata!: string | null;
  failureMessage!: string | null;
  paidAt!: string | null;
  fulfilledAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
  fulfilmentStatus!: string | null;
  quantityOwed!: number;
  quantityDelivered!: number;
  refundedCents!: number;
  cardLast4!: string | null;
  clientKey!: string | null;
  providerCheckedAt!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  survey?: OnboardingSurvey | null;
  user?: User | null;
  orderDeliveries?: OrderDelivery[];
  orderEvents?: OrderEvent[];
  orderItems?: OrderItem[];
  refunds?: Refund[];
  transferCalls?: TransferCall[];
  transferOrderUsage?: TransferOrderUsage[];
}
