// Auto-rebill (issue 29 item 3, decisions 197 and 246): the agent's saved card and top-up rule. The browser
// names a count of transfers; the server prices it at the agent's own price (negotiated, else the agent
// rate), as their dashboard orders are, never from the client.
import { z } from 'zod';
import type { TransferPriceSource } from '../logic/price-story.ts';

import { AUTO_REBILL_THRESHOLD_MAX } from '../logic/auto-rebill.ts';

export {
  AUTO_REBILL_THRESHOLD_MAX,
  NEEDS_CARD_MESSAGE,
  ACTION_NEEDED_TITLE,
  autoRebillPriceText,
  autoRebillChargeText,
  cardName,
} from '../logic/auto-rebill.ts';

export const autoRebillSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  threshold: z
    .number({ error: 'Enter a number of transfers' })
    .int({ error: 'Enter a whole number of transfers' })
    .min(1, { error: 'The threshold is at least 1 transfer' })
    .max(AUTO_REBILL_THRESHOLD_MAX, { error: `The threshold is at most ${AUTO_REBILL_THRESHOLD_MAX} transfers` }),
  count: z.number({ error: 'Enter a number of transfers' }),
});
export type AutoRebillSettingsInput = z.infer<typeof autoRebillSettingsSchema>;

export const saveCardSchema = z.object({
  setupIntentId: z.string({ error: 'setupIntentId is required' }).regex(/^seti_[A-Za-z0-9]{1,200}$/, { error: 'setupIntentId is not a SetupIntent id' }),
});

export interface SavedCardView {
  brand: string;
  last4: string;
}

/** An off-session top-up the card could not pay: the agent pays it on-session at payUrl. */
export interface AutoRebillActionView {
  orderId: number;
  amountCents: number;
  count: number;
  reason: 'authentication_required' | 'declined';
  message: string;
  payUrl: string;
}

export interface AutoRebillView {
  card: SavedCardView | null;
  enabled: boolean;
  threshold: number;
  count: number;
  /** The agent's own price of one transfer (what their dashboard orders charge), in cents. */
  unitPriceCents: number;
  priceSource: TransferPriceSource;
  /** "Agent rate" or "Your negotiated price". */
  priceLabel: string;
  /** The buffer the top-up's transfers carry (a call this long or shorter is free). */
  bufferSeconds: number;
  /** One top-up's price, in cents. */
  amountCents: number;
  actionNeeded: AutoRebillActionView | null;
}

export interface SetupIntentResponse {
  clientSecret: string;
  publishableKey: string | null;
  testMode: boolean;
}

export interface AutoRebillPaymentResponse {
  orderId: number;
  amountCents: number;
  count: number;
  clientSecret: string;
  publishableKey: string | null;
  testMode: boolean;
}
