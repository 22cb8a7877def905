// /api/admin/users: list (paginated, with the summary counts), search by name or e-mail, create, the
// user page (orders, balance, leads, appointments), edit (details, role, state, own transfer price),
// the buyer's own lead and appointment prices, change password, a one-time set-password link for the user (services/accounts/set-password-links.ts),
// and deactivate / reactivate (a deactivated user's sessions end and login is refused).
import { Router, type Request } from 'express';
import type { AppDeps } from '../../deps.ts';
import { startSession } from '../../middleware/session.ts';
import { changePasswordSchema, createUserSchema, listQuerySchema, setPasswordLinkSchema, updateUserSchema } from '@tm/shared/schemas/admin';
import { parseWith } from '../../errors.ts';
import { currentUser, requireAdmin } from '../../middleware/require-user.ts';
import {
  createUserAsAdmin,
  deactivateUser,
  listUsers,
  reactivateUser,
  setUserPassword,
  updateUser,
  userDetail,
} from '../../services/accounts/users.admin.service.ts';
import { adminSetPasswordLink } from '../../services/accounts/account-links.service.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import { idParam } from '../../http/params.ts';
import { transferSettingsSchema } from '@tm/shared/schemas/transfers';
import { adminControlsView, adminUpdateControls } from '../../services/transfers/settings.service.ts';
import { deactivateUserSchema } from '@tm/shared/schemas/buyer-balance';
import { refundUnusedTransfers } from '../../services/transfers/low-balance.service.ts';
import { buyerPriceSchema } from '@tm/shared/schemas/buyer-prices';
import { listBuyerPrices, removeBuyerPrice, setBuyerPrice } from '../../services/orders/buyer-prices.service.ts';

const userIdParam = (req: Request) => idParam(req.params.userId, 'User not found');

export function adminUsersRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireAdmin(deps);

  r.get('/admin/users', admin, async (req, res) => {
    const query = parseWith(listQuerySchema, { ...req.query, q: '' }, 'query');
    res.json(await listUsers(deps.db, query));
  });

  r.get('/admin/users/search', admin, async (req, res) => {
    const { active, ...rest } = req.query;
    const query = parseWith(listQuerySchema, { ...rest, q: req.query.q ?? req.query.search ?? req.query.email }, 'query');
    // ?active=1: the agent pickers, which never offer a deactivated agent (issue 34 item 5).
    res.json(await listUsers(deps.db, query, { activeOnly: active === '1' }));
  });

  r.post('/admin/users', admin, async (req, res) => {
    const input = parseWith(createUserSchema, req.body);
    const user = await createUserAsAdmin(deps.db, input, deps.clock.now(), adminActor(currentUser(req)));
    res.status(201).json({ user });
  });

  r.get('/admin/users/:userId', admin, async (req, res) => {
    res.json(await userDetail(deps.db, userIdParam(req)));
  });

  r.patch('/admin/users/:userId', admin, async (req, res) => {
    const userId = userIdParam(req);
    const input = parseWith(updateUserSchema, req.body);
    res.json({ user: await updateUser(deps.db, userId, input, deps.clock.now(), adminActor(currentUser(req))) });
  });

  r.put('/admin/users/:userId/password', admin, async (req, res) => {
    const userId = userIdParam(req);
    const { password } = parseWith(changePasswordSchema, req.body);
    const now = deps.clock.now();
    await setUserPassword(deps.db, userId, password, now, { actor: adminActor(currentUser(req)) });
    // Every session of that user issued before now ends; an admin changing their own password keeps this one.
    if (userId === req.session.userId) await startSession(deps, req, userId);
    res.json({ success: true });
  });

  r.post('/admin/users/:userId/set-password-link', admin, async (req, res) => {
    const userId = userIdParam(req);
    // PUBLIC_ORIGIN when set (always in production), else the origin the admin is using.
    const host = req.get('host');
    const origin = deps.config.publicOriginConfigured || !host ? deps.config.publicOrigin : `${req.protocol}://${host}`;
    const { email } = parseWith(setPasswordLinkSchema, req.body ?? {});
    res.json(await adminSetPasswordLink(deps.db, deps.config, origin, userId, deps.clock.now(), adminActor(currentUser(req)), { email }));
  });

  // The buyer's Transfer Controls as the admin sees and sets them (issue 36 point 1): the agent's own
  // settings body, `paused` being the admin's pause (transfers and assignments).
  r.get('/admin/users/:userId/transfer-controls', admin, async (req, res) => {
    res.json(await adminControlsView(deps, userIdParam(req)));
  });

  r.put('/admin/users/:userId/transfer-controls', admin, async (req, res) => {
    const userId = userIdParam(req);
    const input = parseWith(transferSettingsSchema, req.body);
    res.json(await adminUpdateControls(deps, adminActor(currentUser(req)), userId, input));
  });

  // The buyer's own prices for leads and appointments (issue 36 point 4, decision 251): per kind, and per
  // state of a kind; a PUT of a kind and state that has one replaces it.
  r.get('/admin/users/:userId/prices', admin, async (req, res) => {
    res.json(await listBuyerPrices(deps.db, userIdParam(req)));
  });

  r.put('/admin/users/:userId/prices', admin, async (req, res) => {
    const userId = userIdParam(req);
    const input = parseWith(buyerPriceSchema, req.body);
    res.json(await setBuyerPrice(deps.db, userId, input, deps.clock.now(), adminActor(currentUser(req))));
  });

  r.delete('/admin/users/:userId/prices/:priceId', admin, async (req, res) => {
    const userId = userIdParam(req);
    const priceId = idParam(req.params.priceId, 'Price not found');
    res.json(await removeBuyerPrice(deps.db, userId, priceId, deps.clock.now(), adminActor(currentUser(req))));
  });

  // With { refundUnused: true } the unused transfers are refunded to the card too, after the deactivation
  // (no delivery can draw on them meanwhile); each refund is audited by the refund path (issue 36).
  r.post('/admin/users/:userId/deactivate', admin, async (req, res) => {
    const userId = userIdParam(req);
    const { refundUnused } = parseWith(deactivateUserSchema, req.body ?? {});
    const user = await deactivateUser(deps.db, adminActor(currentUser(req)), userId, deps.clock.now());
    if (!refundUnused) return void res.json({ user });
    res.json({ user, refunds: await refundUnusedTransfers(deps, userId, currentUser(req).id) });
  });

  r.post('/admin/users/:userId/reactivate', admin, async (req, res) => {
    const userId = userIdParam(req);
    res.json({ user: await reactivateUser(deps.db, userId, deps.clock.now(), adminActor(currentUser(req))) });
  });

  return r;
}
