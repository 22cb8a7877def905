// What the rehearsal's server (serve.ts) tells the journeys and the restore drill: where things are, and
// the demo accounts' rehearsal passwords. Written to <tmp>/tm-prod-<port>/state.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RehearsalState {
  baseURL: string;
  database: string;
  databaseUrl: string;
  redisPrefix: string;
  /** Each message the SMTP server accepted, as a .eml file. */
  mailDir: string;
  stripeApiUrl: string;
  stripeSecretKey: string;
  webhookSecret: string;
  accounts: Record<'admin' | 'agent' | 'agent2', { email: string; password: string }>;
  processes: number[];
}

export const stateDirOf = (port: number): string => path.join(os.tmpdir(), `tm-prod-${port}`);

export function readState(port = Number(process.env.E2E_PORT ?? 3105)): RehearsalState {
  return JSON.parse(fs.readFileSync(path.join(stateDirOf(port), 'state.json'), 'utf8')) as RehearsalState;
}
