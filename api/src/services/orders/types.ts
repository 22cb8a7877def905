// The contract of the one purchase path. Every purchase (funnel checkouts, RingCloud, leads,
// appointments, dashboard live-transfer orders) goes through createOrder() in orders.service.ts,
// and is fulfilled only from a verified payment (webhook event or server-side retrieve).
import type { TierId, AgedLeadAgeRange, RingCloudLeadType } from '@tm/shared';
import type { CheckoutBuyer } from '@tm/shared/schemas/payments';

export type OrderKind = 'transfer_package' | 'ringcloud' | 'leads' | 'appointments' | 'live_transfer';
/** refunded: paid after its reservation lapsed and the items had gone to another buyer. */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded';

export type OrderRequest =
  /** Funnel checkouts: a tier's package or the high-volume bands. userId when a logged-in agent buys. */
  | {
      kind: 'transfer_package';
      tier: TierId | 'high-volume';
      count: number;
      userId?: number | null;
      surveyId?: number | null;
      /** What an anonymous buyer typed at checkout (the order is for the account with that e-mail). */
      buyer?: CheckoutBuyer | null;
    }
  /** RingCloud sub-offer: priced by lead type; aged leads are a fixed 100 at the age range's price. */
  /** RingCloud sub-offer: priced by lead type; aged leads are at most 100, and no more than the stock of the survey's states and age range
   * (held for the payment). userId null: an anonymous buyer, whose account is made or linked when the payment succeeds. */
  | {
      kind: 'ringcloud';
      surveyId: number;
      userId: number | null;
      leadType: RingCloudLeadType;
      count?: number;
      ageRange?: AgedLeadAgeRange;
      workingStates?: string | null;
    }
  /** Bulk lead purchase from the dashboard: each lead's own price (default 10.00); reserved until paid. */
  | { kind: 'leads'; userId: number; leadIds: number[] }
  /** AI appointments from the dashboard cart: $10 each; reserved until paid. */
  | { kind: 'appointments'; userId: number; appointmentIds: number[] }
  /** Live transfers ordered from the dashboard at the user's own price. */
  | {
      kind: 'live_transfer';
      userId: number;
      count: number;
      /** The order form's delivery preferences (they become Transfer Controls once paid); none for an auto-rebill top-up. */
      details?: { callsPerDay: number; transferHours: string; transferPhone: string; workingStates: string };
    };

export interface CreatedOrder {
  orderId: number;
  paymentIntentId: string;
  clientSecret: string;
  /** Integer cents, computed by the server from the catalogue. */
  amount: number;
  currency: 'usd';
  testMode: boolean;
  /** An off-session charge (auto-rebill): how the provider answered the confirmation. */
  offSession?: { status: string; error: { code: string; message: string } | null };
}
