// /api/admin/lead-pool: imported leads waiting for an agent (paginated, searchable), assigning, taking back,
// reassigning and deleting them; /api/admin/leads: the shop's leads, deleting unsold ones, the for-sale inventory.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import {
  adminSaleLeadsQuerySchema,
  assignLeadsSchema,
  deleteLeadsSchema,
  poolQuerySchema,
  reassignLeadsSchema,
  unassignLeadsSchema,
} from '@tm/shared/schemas/admin';
import { parseWith } from '../../errors.ts';
import { requireAdmin, currentUser } from '../../middleware/require-user.ts';
import { assignLeads, deletePoolLeads, listPool, reassignLeads, unassignLeads } from '../../services/lead-import/pool.service.ts';
import { deleteSaleLeads, leadInventory, listSaleLeads } from '../../services/leads/admin-leads.service.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import { readFrom } from '../../db/read-routing.ts';

export function adminLeadPoolRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/lead-pool', admin, async (req, res) => {
    const query = parseWith(poolQuerySchema, req.query, 'query');
    res.json(await readFrom(deps, req, res, (db) => listPool(db, query)));
  });

  r.post('/admin/lead-pool/assign', admin, async (req, res) => {
    const input = parseWith(assignLeadsSchema, req.body);
    res.json(await assignLeads(deps.db, currentUser(req).id, input, deps.clock.now(), deps.config));
  });

  r.post('/admin/lead-pool/reassign', admin, async (req, res) => {
    const input = parseWith(reassignLeadsSchema, req.body);
    res.json(await reassignLeads(deps.db, adminActor(currentUser(req)), input, deps.clock.now(), deps.config));
  });

  r.post('/admin/lead-pool/unassign', admin, async (req, res) => {
    const { leadIds } = parseWith(unassignLeadsSchema, req.body);
    res.json(await unassignLeads(deps.db, adminActor(currentUser(req)), leadIds, deps.clock.now()));
  });

  r.post('/admin/lead-pool/delete', admin, async (req, res) => {
    const { leadIds } = parseWith(deleteLeadsSchema, req.body);
    res.json(await deletePoolLeads(deps.db, adminActor(currentUser(req)), leadIds, deps.clock.now()));
  });

  // The shop's leads (for sale, held, sold, blocked): find them, delete unsold ones, count what is for sale.
  r.get('/admin/leads', admin, async (req, res) => {
    const query = parseWith(adminSaleLeadsQuerySchema, req.query, 'query');
    res.json(await readFrom(deps, req, res, (db) => listSaleLeads(db, query)));
  });

  r.get('/admin/leads/inventory', admin, async (_req, res) => {
    res.json(await leadInventory(deps.db));
  });

  r.post('/admin/leads/delete', admin, async (req, res) => {
    const { leadIds } = parseWith(deleteLeadsSchema, req.body);
    res.json(await deleteSaleLeads(deps.db, adminActor(currentUser(req)), leadIds, deps.clock.now()));
  });

  return r;
}
