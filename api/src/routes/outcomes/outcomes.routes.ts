// Outcomes and Results (issue 19, item 2).
//
// GET  /api/outcomes/items?from&to        the agent's bought items with their outcomes (session)
// PUT  /api/outcomes/:itemType/:itemId     records an outcome from the portal (session) { status, premiumCents?, date }
// POST /api/outcomes                       the same from the agent's CRM: `Authorization: Bearer <personal API token>`
//                                          (or the portal session) { itemType, itemId, status, premiumCents?, date };
//                                          an item that is not the token owner's is 404; rate limited per token
// GET  /api/results?from&to               the Results figures (ResultsView); default: the last 90 days
// GET  /api/results.csv?from&to           the same as CSV (one row per group)
// GET/POST /api/api-tokens, DELETE /api/api-tokens/:id   the agent's personal API tokens (the token is shown once)
import { Router, type Request } from 'express';
import {
  ITEM_TYPES,
  outcomeSchema,
  postOutcomeSchema,
  resultsQuerySchema,
  tokenCreateSchema,
  type ItemType,
  type ResultsRow,
} from '@tm/shared/schemas/outcomes';
import { centsToDecimal } from '@tm/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound, parseWith, unauthorized } from '../../errors.ts';
import { requireAgent, currentUser } from '../../middleware/require-user.ts';
import { limiter, clientIp, invalidTokenLimit } from '../../middleware/rate-limit.ts';
import { bearerToken } from '../../http/bearer.ts';
import { idParam } from '../../http/params.ts';
import { csvLine } from '../../lib/csv.ts';
import { ITEM_NOT_FOUND, boughtItems, periodOf, recordOutcome, results } from '../../services/outcomes/outcomes.service.ts';
import { recipientTimeZone } from '../../services/accounts/agent-time-zone.ts';
import { localDateKey } from '@tm/shared/logic/transfer-rules';
import { createToken, hashToken, listTokens, revokeToken, tokenOwner, touchToken } from '../../services/outcomes/api-tokens.service.ts';

export const OUTCOMES_RATE_LIMIT = { windowMs: 60_000, limit: 60 };
const DEFAULT_DAYS = 90;

/** The chosen days, read on the agent's clock (issue 34 item 7): "today" is today where the agent lives. */
async function period(deps: AppDeps, query: unknown, userId: number): Promise<{ from: string; to: string; timeZone: string }> {
  const q = parseWith(resultsQuerySchema, query, 'query');
  const timeZone = await recipientTimeZone(deps.db, userId);
  const to = q.to ?? localDateKey(deps.clock.now(), timeZone);
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  if (from > to) throw badRequest('from must be on or before to', { from: 'from must be on or before to' });
  return { from, to, timeZone };
}

const bearer = (req: Request) => bearerToken(req.headers.authorization);

export function outcomesRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);
  // Per token (its hash), or per address for a request without one.
  const rate = limiter({
    ...OUTCOMES_RATE_LIMIT,
    message: 'Too many outcome updates. Try again in a minute.',
    key: (req) => {
      const t = bearer(req);
      return t ? `tok:${hashToken(t)}` : `ip:${clientIp(req)}`;
    },
  });

  const badTokens = invalidTokenLimit();

  r.get('/outcomes/items', agent, async (req, res) => {
    const { from, to, timeZone } = await period(deps, req.query, currentUser(req).id);
    res.json({ from, to, items: await boughtItems(deps.db, currentUser(req).id, periodOf(from, to, timeZone)) });
  });

  r.put('/outcomes/:itemType/:itemId', agent, async (req, res) => {
    const itemType = String(req.params.itemType) as ItemType;
    if (!ITEM_TYPES.includes(itemType)) throw notFound(ITEM_NOT_FOUND);
    const itemId = idParam(req.params.itemId, ITEM_NOT_FOUND);
    const input = parseWith(outcomeSchema, req.body);
    res.json(await recordOutcome(deps.db, currentUser(req).id, itemType, itemId, input, 'portal', deps.clock.now()));
  });

  r.post('/outcomes', badTokens, rate, async (req, res) => {
    const token = bearer(req);
    let userId: number;
    if (token) {
      const owner = await tokenOwner(deps.db, token);
      if (owner === null) throw unauthorized('Invalid or revoked API token');
      userId = owner;
    } else {
      await new Promise<void>((resolve, reject) => agent(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
      userId = currentUser(req).id;
    }
    const input = parseWith(postOutcomeSchema, req.body);
    const saved = await recordOutcome(deps.db, userId, input.itemType, input.itemId, input, token ? 'api' : 'portal', deps.clock.now());
    if (token) await touchToken(deps.db, token, deps.clock.now());
    res.status(200).json(saved);
  });

  r.get('/results', agent, async (req, res) => {
    const { from, to, timeZone } = await period(deps, req.query, currentUser(req).id);
    res.json(await results(deps.db, currentUser(req).id, from, to, timeZone));
  });

  r.get('/results.csv', agent, async (req, res) => {
    const { from, to, timeZone } = await period(deps, req.query, currentUser(req).id);
    const view = await results(deps.db, currentUser(req).id, from, to, timeZone);
    const rate = (n: number | null) => (n === null ? '' : `${(n * 100).toFixed(1)}%`);
    const line = (group: string, row: ResultsRow) =>
      csvLine([
        group,
        row.label,
        centsToDecimal(row.spendCents),
        row.items,
        row.contacted,
        rate(row.contactRate),
        row.sales,
        rate(row.closeRate),
        centsToDecimal(row.premiumCents),
        row.costPerSaleCents === null ? '' : centsToDecimal(row.costPerSaleCents),
        row.returnOnSpend === null ? '' : row.returnOnSpend.toFixed(2),
      ]);
    let csv = csvLine([
      'Group',
      'Name',
      'Spend (USD)',
      'Items',
      'Contacted',
      'Contact rate',
      'Sales',
      'Close rate',
      'Premium written (USD)',
      'Cost per sale (USD)',
      'Return on spend',
    ]);
    csv += line('Total', view.totals);
    for (const row of view.byProduct) csv += line('Product', row);
    for (const row of view.byState) csv += line('State', row);
    for (const row of view.byAge) csv += line('Lead age', row);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="results-${from}-to-${to}.csv"`);
    res.send(csv);
  });

  r.get('/api-tokens', agent, async (req, res) => {
    res.json({ tokens: await listTokens(deps.db, currentUser(req).id) });
  });

  r.post('/api-tokens', agent, async (req, res) => {
    const { name } = parseWith(tokenCreateSchema, req.body);
    res.status(201).json(await createToken(deps.db, currentUser(req).id, name, deps.clock.now()));
  });

  r.delete('/api-tokens/:id', agent, async (req, res) => {
    await revokeToken(deps.db, currentUser(req).id, idParam(req.params.id, 'No such API token.'), deps.clock.now());
    res.status(204).end();
  });

  return r;
}
