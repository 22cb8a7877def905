// Every portal path in one place (api/src/web.ts serves index.html for these).
export const paths = {
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
  adminDisputes: '/admin/disputes',
  setPassword: '/set-password',
  forgotPassword: '/forgot-password',
  profile: '/profile',
  confirmEmail: '/confirm-email',
  undoEmailChange: '/undo-email-change',
} as const;
