// The API's route table: one router per resource, mounted under /api.
// Each area adds its router here (one line), nothing else.
import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { authRoutes } from './auth.routes.ts';
import { setPasswordRoutes } from './set-password.routes.ts';
import { healthRoutes } from './health.routes.ts';
import { leadsRoutes } from './leads.routes.ts';
import { myLeadsRoutes } from './my-leads.routes.ts';
import { userSurveyRoutes } from './user-survey.routes.ts';
import { appointmentsRoutes } from './appointments.routes.ts';
import { mediaRoutes } from './media.routes.ts';
import { callTransferOrderRoutes } from './call-transfer-order.routes.ts';
import { ringcloudSurveyRoutes } from './ringcloud-survey.routes.ts';
import { surveyRoutes } from './survey.routes.ts';
import { affnetworkRoutes } from './affnetwork.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { adminAppointmentsRoutes } from './admin-appointments.routes.ts';
import { adminLeadImportsRoutes } from './admin-lead-imports.routes.ts';
import { adminLeadPoolRoutes } from './admin-lead-pool.routes.ts';
import { brightcallRoutes } from './brightcall.routes.ts';
import { trainingAdminRoutes } from './training-admin.routes.ts';
import { trainingVideosRoutes } from './training-videos.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { transfersRoutes } from './transfers.routes.ts';
import { adminOrderFulfilmentRoutes } from './admin-order-fulfilment.routes.ts';
import { outcomesRoutes } from './outcomes.routes.ts';
import { appointmentCareRoutes } from './appointment-care.routes.ts';
import { complianceRoutes } from './compliance.routes.ts';

export function apiRoutes(deps: AppDeps): Router {
  const api = Router();
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
  api.use(adminLeadImportsRoutes(deps));
  api.use(adminLeadPoolRoutes(deps));
  api.use(brightcallRoutes(deps));
  api.use(trainingAdminRoutes(deps));
  api.use(trainingVideosRoutes(deps));
  api.use(paymentsRoutes(deps));
  api.use(transfersRoutes(deps));
  api.use(adminOrderFulfilmentRoutes(deps));
  api.use(outcomesRoutes(deps));
  api.use(appointmentCareRoutes(deps));
  api.use(complianceRoutes(deps));
  return api;
}
