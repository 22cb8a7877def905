// Objection model over `orders` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo, hasMany } from './relations.ts';
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
    survey: belongsTo(OnboardingSurvey, 'orders.surveyId', 'onboarding_surveys.id'),
    user: belongsTo(User, 'orders.userId', 'users.id'),
    orderDeliveries: hasMany(OrderDelivery, 'orders.id', 'order_deliveries.orderId'),
    orderEvents: hasMany(OrderEvent, 'orders.id', 'order_events.orderId'),
    orderItems: hasMany(OrderItem, 'orders.id', 'order_items.orderId'),
    refunds: hasMany(Refund, 'orders.id', 'refunds.orderId'),
    transferCalls: hasMany(TransferCall, 'orders.id', 'transfer_calls.orderId'),
    transferOrderUsage: hasMany(TransferOrderUsage, 'orders.id', 'transfer_order_usage.orderId'),
  });
  id!: number;
  attributionId!: number | null;
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
