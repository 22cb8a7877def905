// Pricing an order request: the server prices every order from the catalogue and the items' own prices
// (planOrder), and says what the items are and which inventory they hold.
import { dashboardTransferPrice } from '@tm/shared/logic/price-story';
import { APPOINTMENT_PRICE_CENTS, LEAD_DEFAULT_PRICE_CENTS, RINGCLOUD } from '@tm/shared';
import { quoteLiveTransfer, quoteRingCloud, quoteTransferPackage, NO_AGED_STOCK_MESSAGE, agedStockMessage } from '@tm/shared/logic/pricing';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { toDbDate } from '../../db/dates.ts';
import { findUserById } from '../accounts/users.service.ts';
import type { OrderKind, OrderRequest } from './types.ts';
import type { InventoryTable } from './inventory.ts';
import { Appointment, Lead, OnboardingSurvey } from '../../models/index.ts';
import { agedLeadBand, agedLeadStock, scrubAgedStock, workingStateCodesOf } from '../leads/aged-stock.service.ts';
import { buyerPendingRingcloudOrders } from './ringcloud-holds.ts';
import { bookPrice, buyerPriceBook, leadPriceKind } from './buyer-prices.service.ts';

const MAX_ITEMS = 1000;

type ItemKindName = 'lead' | 'appointment' | 'transfer' | 'callback' | 'aged_lead';
interface PlannedItem {
  kind: ItemKindName;
  itemId: number | null;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  /** null: the catalogue's price; 'buyer' / 'buyer:TX': the buyer's own (decision 251). */
  priceSource?: string | null;
}
export interface Plan {
  kind: OrderKind;
  tier: string | null;
  count: number;
  unitPriceCents: number;
  amountCents: number;
  userId: number | null;
  surveyId: number | null;
  metadata: Record<string, unknown>;
  description: string;
  items: PlannedItem[];
  reserve?: { table: InventoryTable; ids: number[] };
  /** RingCloud aged leads: `count` leads of these states and band are held for the payment. */
  reserveAged?: { states: string[]; band: [number, number]; count: number };
}

function quoted(q: ReturnType<typeof quoteTransferPackage>, field: string) {
  if (!q.ok) throw badRequest(`${field}: ${q.message}`, { [field]: q.message });
  return q;
}

function itemIds(ids: unknown, field: string, emptyMessage: string): number[] {
  if (!Array.isArray(ids) || ids.length === 0) throw badRequest(emptyMessage, { [field]: emptyMessage });
  if (ids.length > MAX_ITEMS) throw badRequest(`At most ${MAX_ITEMS} items per order`, { [field]: `At most ${MAX_ITEMS} items per order` });
  if (!ids.every((id) => Number.isInteger(id) && (id as number) > 0)) throw badRequest(`${field}: must be item ids`, { [field]: 'must be item ids' });
  return [...new Set(ids as number[])].sort((a, b) => a - b);
}

export async function planOrder(deps: AppDeps, req: OrderRequest): Promise<Plan> {
  const { db } = deps;
  switch (req.kind) {
    case 'transfer_package': {
      const q = quoted(quoteTransferPackage(req.tier, req.count), 'callCount');
      return {
        kind: req.kind,
        tier: req.tier,
        count: q.count,
        unitPriceCents: q.unitPriceCents,
        amountCents: q.amountCents,
        userId: req.userId ?? null,
        surveyId: req.surveyId ?? null,
        metadata: req.buyer ? { buyer: req.buyer } : {},
        description: `${q.count} transfers (${req.tier})`,
        items: [{ kind: 'transfer', itemId: null, quantity: q.count, unitPriceCents: q.unitPriceCents, amountCents: q.amountCents }],
      };
    }
    case 'ringcloud': {
      const aged = req.leadType === 'Aged Leads';
      const field = aged ? 'ageRange' : 'calls';
      let reserveAged: Plan['reserveAged'];
      let count = req.count;
      if (aged) {
        // Stock is known before the card is charged: never more than the leads of the survey's states and band.
        const band = agedLeadBand(req.ageRange);
        if (!band) quoted(quoteRingCloud({ leadType: req.leadType, ageRange: null }), 'ageRange');
        const states = workingStateCodesOf(req.workingStates);
        if (band)
          await scrubAgedStock(
            db,
            states,
            band,
            Math.min(Number(count ?? RINGCLOUD.agedLeadQuantity) || 1, RINGCLOUD.agedLeadQuantity),
            toDbDate(deps.clock.now()),
          );
        // The buyer's own unpaid hold is theirs to re-order (a reload must not show fewer leads).
        const own = band && req.surveyId ? await buyerPendingRingcloudOrders(db, req.surveyId) : [];
        const stock = band ? await agedLeadStock(db, states, band, own) : 0;
        if (stock === 0) throw conflict(NO_AGED_STOCK_MESSAGE, { calls: NO_AGED_STOCK_MESSAGE });
        count ??= Math.min(stock, RINGCLOUD.agedLeadQuantity);
        if (typeof count === 'number' && count > stock) throw conflict(agedStockMessage(stock), { calls: agedStockMessage(stock) });
        reserveAged = { states, band: band!, count: Number(count) };
      }
      const q = quoted(quoteRingCloud({ leadType: req.leadType, count, ageRange: req.ageRange }), aged ? 'calls' : field);
      if (reserveAged) reserveAged.count = q.count;
      const survey = await OnboardingSurvey.query(db).findById(req.surveyId).select('id');
      if (!survey) throw notFound('Survey not found. Please complete the survey first.');
      const itemKind: ItemKindName = req.leadType === 'Aged Leads' ? 'aged_lead' : req.leadType === 'Call-Backs' ? 'callback' : 'transfer';
      const packageType = `RingCloud ${req.leadType}`;
      return {
        kind: req.kind,
        tier: 'ringcloud',
        count: q.count,
        unitPriceCents: q.unitPriceCents,
        amountCents: q.amountCents,
        userId: req.userId,
        surveyId: req.surveyId,
        metadata: {
          packageType,
          leadType: req.leadType,
          ageRange: aged ? req.ageRange : undefined,
          workingStates: aged ? reserveAged!.states : undefined,
        },
        description: `${packageType} x ${q.count}`,
        items: [{ kind: itemKind, itemId: null, quantity: q.count, unitPriceCents: q.unitPriceCents, amountCents: q.amountCents }],
        reserveAged,
      };
    }
    case 'live_transfer': {
      const user = await findUserById(db, req.userId);
      if (!user) throw notFound('User not found');
      const q = quoted(quoteLiveTransfer(req.count, user.liveTransferPriceCents), 'count');
      return {
        kind: req.kind,
        tier: null,
        count: q.count,
        unitPriceCents: q.unitPriceCents,
        amountCents: q.amountCents,
        userId: req.userId,
        surveyId: null,
        // The price it was bought at, and where that price came from (decision 186), for the receipt.
        metadata: { details: req.details, priceSource: dashboardTransferPrice(user.liveTransferPriceCents).source },
        description: `${q.count} live transfers`,
        items: [{ kind: 'transfer', itemId: null, quantity: q.count, unitPriceCents: q.unitPriceCents, amountCents: q.amountCents }],
      };
    }
    case 'leads':
    case 'appointments': {
      const isLeads = req.kind === 'leads';
      const table: InventoryTable = isLeads ? 'leads' : 'appointments';
      const ids = isLeads
        ? itemIds(req.leadIds, 'leadIds', 'Please select at least one lead to purchase.')
        : itemIds(req.appointmentIds, 'appointmentIds', 'Please add appointments to cart before checkout.');
      const rows: Array<{ id: number; priceCents: number | null; kind?: string; customerState: string | null }> = isLeads
        ? await Lead.query(db).whereIn('id', ids).select('id', 'priceCents', 'kind', 'customerState')
        : await Appointment.query(db).whereIn('id', ids).select('id', 'customerState');
      if (rows.length !== ids.length) throw notFound(`One or more of the selected ${isLeads ? 'leads' : 'appointments'} were not found.`);
      // The buyer's own price for the kind (their state's first, decision 251) wins; else the catalogue's:
      // appointments $10 each everywhere, a lead its own price (default when missing). Read here, by the
      // server, for the session's buyer: a price a client sends is never read.
      const book = await buyerPriceBook(db, req.userId);
      const items: PlannedItem[] = rows
        .map((r) => {
          const own = bookPrice(book, isLeads ? leadPriceKind(String(r.kind)) : 'appointment', r.customerState);
          const unit = own?.cents ?? (isLeads ? (r.priceCents ?? LEAD_DEFAULT_PRICE_CENTS) : APPOINTMENT_PRICE_CENTS);
          const kind: ItemKindName = isLeads ? 'lead' : 'appointment';
          return { kind, itemId: Number(r.id), quantity: 1, unitPriceCents: unit, amountCents: unit, priceSource: own?.source ?? null };
        })
        .sort((a, b) => a.itemId - b.itemId);
      const amountCents = items.reduce((s, i) => s + i.amountCents, 0);
      const units = new Set(items.map((i) => i.unitPriceCents));
      return {
        kind: req.kind,
        tier: null,
        count: items.length,
        unitPriceCents: units.size === 1 ? items[0]!.unitPriceCents : Math.round(amountCents / items.length),
        amountCents,
        userId: req.userId,
        surveyId: null,
        metadata: {},
        description: `${items.length} ${isLeads ? 'leads' : 'appointments'}`,
        items,
        reserve: { table, ids },
      };
    }
    default:
      throw badRequest('Unknown order kind');
  }
}

/** The amount an order request would cost, in cents (no order is created). */
export async function priceOrder(deps: AppDeps, req: OrderRequest): Promise<number> {
  return (await planOrder(deps, req)).amountCents;
}
