import type { Knex } from 'knex';
import { isMysql } from './_helpers';

// Issue 26: the ledger's audit log becomes the audit log of the whole business (admin and training-admin
// actions beside the ledger's). actor_label keeps who acted when the actor is not a user row (a training
// admin, by e-mail) and the actor's name as it was, should the user go. Indexes for the admin screen's
// filters: by actor, by kind, newest first.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_audit_log', (t) => {
    t.string('actor_label', 255).nullable();
    t.index(['actor_id', 'created_at']);
    t.index(['entity_type', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  // On MySQL/MariaDB the (actor_id, created_at) index also serves the actor_id foreign key: the server
  // dropped the key's own implicit index when it was added, and refuses to drop it while the key needs it.
  // Give the key a plain index of its own first.
  if (isMysql(knex)) {
    await knex.schema.alterTable('ledger_audit_log', (t) => {
      t.index(['actor_id'], 'ledger_audit_log_actor_id_foreign');
    });
  }
  await knex.schema.alterTable('ledger_audit_log', (t) => {
    t.dropIndex(['entity_type', 'created_at']);
    t.dropIndex(['actor_id', 'created_at']);
    t.dropColumn('actor_label');
  });
}
