// The lead-list row's floor on this machine: a bare node:http server doing what GET /api/aged-leads must
// do for the benchmark's requests, and nothing else. Per request it opens the session cookie's seal
// (iron-session, the app's own secret), reads the session and its user, the bounded total and the
// two-state page in the app's own three statements (load.bench.ts checks the text against the
// statements the app sends), and answers the app's JSON (the app's own row mapping; load.bench.ts checks
// the bodies are equal). No Express, Knex, Objection, middleware or logging. Benchmarks only.
//
// Run by load.bench.ts: node --import tsx bench/bare-leads.ts, with PORT, BENCH_DATABASE_URL,
// SESSION_SECRET and DATABASE_POOL_MAX (10, as the app).
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { unsealData } from 'iron-session';
import { leadsQuerySchema } from '@tm/shared/schemas/leads';
import { COUNT_LIMIT, pageOf } from '@tm/shared/schemas/paging';
import { toLeadForSale } from '../api/src/services/leads/leads.service.ts';
import { toDbDate } from '../api/src/db/dates.ts';
import { SESSION_LIFETIME_MS, sessionExpired, type SessionData } from '../api/src/middleware/session.ts';

const COLUMNS =
  '`id`, `customer_name`, `customer_state`, `zip_code`, `current_age_range`, `age_days`, `price_cents`, `call_duration`, `has_recording`, `form_fill_time`, `consent_at`, `certificate_kind`, `times_sold_before`, `exclusive`';
const STATE_PART =
  `(select ${COLUMNS} from \`lead_listings\` where \`kind\` = ? and (\`status\` = ? or \`reserved_until\` < ?)` +
  ' and `customer_state` in (?) and (`age_days` between ? and ?) order by `age_days` asc, `id` desc limit ?)';

/** The app's statements for a filter of two states and one age window, by page number (text only). */
export const STATEMENTS = {
  session:
    'select `users`.*, `sessions`.`last_seen_at` as `session_last_seen_at`, `sessions`.`revoked_at` as `session_revoked_at` from `users` inner join `sessions` on `sessions`.`user_id` = `users`.`id` where `sessions`.`id` = ? and `users`.`id` = ?',
  total:
    'select (select sum(`n`) as `n` from `leads_for_sale_counts` where `kind` = ? and `customer_state` in (?, ?) and (`age_days` between ? and ?)) as `a`, ' +
    '(select count(*) as `n` from (select `id` from `lead_listings` where `kind` = ? and `status` = ? and `reserved_until` < ? and `customer_state` in (?, ?) and (`age_days` between ? and ?) limit ?) as `b`) as `l` limit ?',
  page: `${STATE_PART} union all ${STATE_PART} order by \`age_days\` asc, \`id\` desc limit ? offset ?`,
};

interface TotalRow extends RowDataPacket {
  a: number | string | null;
  l: number | string | null;
}

export function startBareLeads(port: number, databaseUrl: string, sessionSecret: string, poolMax: number): http.Server {
  const u = new URL(databaseUrl);
  // The app's connection options (knexfile.ts).
  const pool = mysql.createPool({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
    timezone: 'Z',
    dateStrings: true,
    charset: 'utf8mb4',
    supportBigNumbers: true,
    bigNumberStrings: false,
    connectionLimit: poolMax,
  });
  const reply = (res: http.ServerResponse, status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  return http.createServer((req, res) => {
    void (async () => {
      const cookie = /(?:^|;\s*)tm_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      const session = await unsealData<SessionData>(cookie, { password: sessionSecret, ttl: SESSION_LIFETIME_MS / 1000 });
      // The app's checks of the session before its statement (api/src/middleware/session.ts).
      if (session.userId === undefined || sessionExpired(session, new Date())) return reply(res, 401, '{"error":"Not logged in"}');
      const [users] = await pool.query<RowDataPacket[]>(STATEMENTS.session, [session.sid, session.userId]);
      if (!users[0] || users[0].session_revoked_at) return reply(res, 401, '{"error":"Not logged in"}');
      const q = leadsQuerySchema.parse(Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams));
      const [a, b] = q.states;
      const { min, max } = q.ages[0]!;
      const now = toDbDate(new Date());
      const window = q.page * q.pageSize;
      const [[totals], [rows]] = await Promise.all([
        pool.query<TotalRow[]>(STATEMENTS.total, ['aged', a, b, min, max, 'aged', 'reserved', now, a, b, min, max, COUNT_LIMIT + 1, 1]),
        pool.query<RowDataPacket[]>(STATEMENTS.page, [
          ...['aged', 'available', now, a, min, max, window],
          ...['aged', 'available', now, b, min, max, window],
          q.pageSize,
          (q.page - 1) * q.pageSize,
        ]),
      ]);
      const n = Number(totals[0]?.a ?? 0) + Number(totals[0]?.l ?? 0);
      const items = rows.map((r) =>
        toLeadForSale({
          id: r.id,
          customerName: r.customer_name,
          customerState: r.customer_state,
          zipCode: r.zip_code,
          currentAgeRange: r.current_age_range,
          ageDays: r.age_days,
          priceCents: r.price_cents,
          callDuration: r.call_duration,
          hasRecording: r.has_recording,
          formFillTime: r.form_fill_time,
          consentAt: r.consent_at,
          certificateKind: r.certificate_kind,
          timesSoldBefore: r.times_sold_before,
          exclusive: r.exclusive,
        }),
      );
      const last = items.at(-1);
      const paged = pageOf(items, Math.min(n, COUNT_LIMIT), q.page, q.pageSize, {
        totalCapped: n > COUNT_LIMIT,
        nextCursor: items.length === q.pageSize && last ? String(last.id) : null,
        // As the app's numbered page: the first row's id when rows come before it (decision 254).
        prevCursor: q.page > 1 && items.length ? String(items[0]!.id) : null,
      });
      reply(res, 200, JSON.stringify(paged));
    })().catch((err: unknown) => reply(res, 500, JSON.stringify({ error: String(err) })));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.PORT ?? 3935);
  const server = startBareLeads(port, process.env.BENCH_DATABASE_URL ?? '', process.env.SESSION_SECRET ?? '', Number(process.env.DATABASE_POOL_MAX ?? 10));
  server.listen(port, '127.0.0.1', () => console.log('ready'));
  process.on('SIGTERM', () => process.exit(0));
}
