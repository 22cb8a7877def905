// Every portal path in one place: the portal routes by these (portal/src/app/paths.ts) and the server
// sends the portal's index.html for each of them (api/src/web.ts), so the two cannot drift.
export const portalPaths = {
  login: '/login',
  dashboard: '/dashboard',
  transferCheckout: '/transfer-checkout',
  admin: '/admin',
  training: '/training',
  trainingAdminLogin: '/training-admin-login',
  trainingAdmin: '/training-admin',
  myTransfers: '/dashboard/transfers',
  results: '/dashboard/results',
  receipt: '/dashboard/receipts/:orderId',
  autoRebillPay: '/dashboard/pay/:orderId',
  adminDisputes: '/admin/disputes',
  adminReports: '/admin/reports',
  setPassword: '/set-password',
  forgotPassword: '/forgot-password',
  profile: '/profile',
  confirmEmail: '/confirm-email',
  undoEmailChange: '/undo-email-change',
} as const;

/** The same paths as a list (Express route patterns: `:orderId` is a parameter). */
export const PORTAL_PATHS: string[] = Object.values(portalPaths);
