import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS } from './index.ts';
import { createTestDb } from '../api/src/db/index.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));

describe('migrations', () => {
  it('lists every migration file in the folder', () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{14}_.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(MIGRATIONS).sort()).toEqual(files);
  });

  // Some hundred DDL statements each way: seconds on a quiet MariaDB, far more on a loaded CI machine.
  it('migrates to latest and rolls all the way back', async () => {
    const { db, destroy } = await createTestDb();
    try {
      const tables = [
        'users',
        'onboarding_surveys',
        'leads',
        'lead_assignments',
        'appointments',
        'brightcall_callbacks',
        'orders',
        'order_items',
        'payment_events',
        'partner_applications',
        'partner_application_files',
        'training_videos',
        'training_admins',
        'lead_imports',
        'lead_import_rows',
        'lead_pool',
        'agent_transfer_settings',
        'transfer_order_usage',
        'transfer_calls',
        'transfer_disputes',
        'ledger_audit_log',
        'blobs',
        'blob_chunks',
      ];
      for (const t of tables) expect(await db.schema.hasTable(t), t).toBe(true);
      await db.migrate.rollback(undefined, true);
      for (const t of tables) expect(await db.schema.hasTable(t), t).toBe(false);
      await db.migrate.latest();
      for (const t of tables) expect(await db.schema.hasTable(t), t).toBe(true);
    } finally {
      await destroy();
    }
  }, 180_000);
});
