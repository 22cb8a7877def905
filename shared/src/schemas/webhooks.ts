// CRM delivery webhooks (issue 29 item 4, decision 196): what an agent registers, the events we send,
// and the delivery log the portal shows.
import { z } from 'zod';
import type { Page } from './paging.ts';

export const WEBHOOK_EVENTS = ['lead.bought', 'appointment.bought', 'appointment.assigned', 'transfer.delivered'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What the portal calls each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'lead.bought': 'Lead bought',
  'appointment.bought': 'Appointment bought',
  'appointment.assigned': 'Appointment assigned to you',
  'transfer.delivered': 'Live transfer delivered',
};
/** The test event ("Send test event"): sent to one endpoint whatever it subscribes to. */
export const TEST_EVENT = 'test.ping';

export const MAX_WEBHOOKS_PER_AGENT = 10;
export const WEBHOOK_URL_MESSAGE = 'Enter the full address of your CRM endpoint, starting with https://';

export const webhookInputSchema = z.object({
  url: z
    .string({ error: WEBHOOK_URL_MESSAGE })
    .trim()
    .min(1, WEBHOOK_URL_MESSAGE)
    .max(2000, 'The address is at most 2000 characters')
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && u.hostname.length > 0;
      } catch {
        return false;
      }
    }, WEBHOOK_URL_MESSAGE),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }), { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length, 'Choose at least one event'),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

export const deliveryLogQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(10_000, 'page is too large')
    .default(1),
});

export interface WebhookView {
  id: number;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
}

export interface WebhookSecretView {
  /** Only when it was just made or rolled (shown once); otherwise null. */
  secret: string | null;
  /** The last characters, so the agent can tell which secret their CRM holds. */
  hint: string | null;
  createdAt: string | null;
}

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export interface DeliveryAttemptView {
  attempt: number;
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

export interface DeliveryView {
  id: number;
  webhookId: number;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  log: DeliveryAttemptView[];
  payload: string;
}

export type DeliveryPage = Page<DeliveryView>;
