// The API's route table: one router per resource, mounted under /api.
// Each area adds its router here (one line), nothing else.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { authRoutes } from './accounts/auth.routes.ts';
import { setPasswordRoutes } from './accounts/set-password.routes.ts';
import { healthRoutes } from './health.routes.ts';
import { leadsRoutes } from './leads/leads.routes.ts';
import { myLeadsRoutes } from './leads/my-leads.routes.ts';
import { userSurveyRoutes } from './funnel/user-survey.routes.ts';
import { appointmentsRoutes } from './appointments/appointments.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { callTransferOrderRoutes } from './orders/call-transfer-order.routes.ts';
import { ringcloudSurveyRoutes } from './funnel/ringcloud-survey.routes.ts';
import { surveyRoutes } from './funnel/survey.routes.ts';
import { affnetworkRoutes } from './funnel/affnetwork.routes.ts';
import { adminUsersRoutes } from './accounts/admin-users.routes.ts';
import { adminAppointmentsRoutes } from './appointments/admin-appointments.routes.ts';
import { adminOrdersRoutes } from './orders/admin-orders.routes.ts';
import { adminInboxesRoutes } from './funnel/admin-inboxes.routes.ts';
import { adminLeadImportsRoutes } from './lead-import/admin-lead-imports.routes.ts';
import { adminLeadPoolRoutes } from './leads/admin-lead-pool.routes.ts';
import { adminBulkAssignRoutes } from './leads/admin-bulk-assign.routes.ts';
import { adminReportsRoutes } from './reports/admin-reports.routes.ts';
import { brightcallRoutes } from './brightcall/brightcall.routes.ts';
import { trainingAdminRoutes } from './training/training-admin.routes.ts';
import { trainingVideosRoutes } from './training/training-videos.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { transfersRoutes } from './transfers/transfers.routes.ts';
import { adminOrderFulfilmentRoutes } from './orders/admin-order-fulfilment.routes.ts';
import { outcomesRoutes } from './outcomes/outcomes.routes.ts';
import { appointmentCareRoutes } from './appointment-care/appointment-care.routes.ts';
import { complianceRoutes } from './compliance/compliance.routes.ts';
import { dashboardHomeRoutes } from './accounts/dashboard-home.routes.ts';
import { mailRoutes } from './mail/mail.routes.ts';
import { accountRoutes } from './accounts/account.routes.ts';
import { autoRebillRoutes } from './payments/auto-rebill.routes.ts';
import { adminAuditRoutes } from './audit/admin-audit.routes.ts';
import { adminMarketingRoutes } from './marketing/admin-marketing.routes.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';
import { adminBuyerBalanceRoutes } from './transfers/admin-buyer-balance.routes.ts';
import { adminAbandonedCheckoutsRoutes } from './orders/admin-abandoned-checkouts.routes.ts';

export function apiRoutes(deps: AppDeps): Router {
  const api = Router();
  // Every API answer is no-store (decision 241): it carries a session's data or a moment's state. A route
  // that wants caching opts in by setting its own Cache-Control, which replaces this one (the media proxy,
  // the calendar feed).
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(healthRoutes(deps));
  api.use(authRoutes(deps));
  api.use(setPasswordRoutes(deps));
  api.use(leadsRoutes(deps));
  api.use(myLeadsRoutes(deps));
  api.use(userSurveyRoutes(deps));
  api.use(appointmentsRoutes(deps));
  api.use(mediaRoutes(deps));
  api.use(callTransferOrderRoutes(deps));
  api.use(ringcloudSurveyRoutes(deps));
  api.use(surveyRoutes(deps));
  api.use(affnetworkRoutes(deps));
  api.use(adminUsersRoutes(deps));
  api.use(adminAppointmentsRoutes(deps));
  api.use(adminOrdersRoutes(deps));
  api.use(adminInboxesRoutes(deps));
  api.use(adminLeadImportsRoutes(deps));
  api.use(adminLeadPoolRoutes(deps));
  api.use(adminBulkAssignRoutes(deps));
  api.use(adminReportsRoutes(deps));
  api.use(adminAuditRoutes(deps));
  api.use(adminMarketingRoutes(deps));
  api.use(brightcallRoutes(deps));
  api.use(trainingAdminRoutes(deps));
  api.use(trainingVideosRoutes(deps));
  api.use(paymentsRoutes(deps));
  api.use(transfersRoutes(deps));
  api.use(adminOrderFulfilmentRoutes(deps));
  api.use(outcomesRoutes(deps));
  api.use(appointmentCareRoutes(deps));
  api.use(complianceRoutes(deps));
  api.use(dashboardHomeRoutes(deps));
  api.use(mailRoutes(deps));
  api.use(accountRoutes(deps));
  api.use(webhooksRoutes(deps));
  api.use(autoRebillRoutes(deps));
  api.use(adminBuyerBalanceRoutes(deps));
  api.use(adminAbandonedCheckoutsRoutes(deps));
  return api;
}
