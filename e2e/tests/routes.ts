// Every route of the site and the portal, by who sees it, for the walks that check each page
// (no sideways scroll at 360 px, accessibility).
export const PUBLIC_ROUTES = [
  '/', '/?survey=1', '/?special=1', '/pricing', '/standard-pricing', '/special-pricing', '/premium-pricing', '/enterprise-pricing', '/ultimate-pricing',
  '/checkout', '/checkout-premium', '/checkout-enterprise', '/checkout-ultimate', '/checkout-high-volume', '/ringcloud', '/ringcloud-checkout',
  '/onboarding', '/onboarding-success', '/survey', '/special-survey', '/thank-you', '/affnetwork', '/agentleadlab', '/agentleadlab-success',
  '/agentresources', '/brightcalldocs', '/fex-quoter', '/sales-roleplay', '/no-such-page',
  '/login', '/training', '/training-admin-login', '/set-password', '/transfer-checkout',
];

export const AGENT_ROUTES = [
  '/dashboard', '/dashboard?tab=buy-call-transfers', '/dashboard?tab=buy-appointments', '/dashboard?tab=buy-leads', '/dashboard?tab=buy-aged-leads',
  '/dashboard?tab=my-appointments', '/dashboard?tab=my-leads', '/dashboard?tab=facebook-leads', '/dashboard?tab=insurance-recruiting', '/dashboard?tab=agedLeads',
  '/dashboard?tab=facebook-ads-course', '/dashboard?tab=training-videos', '/dashboard?tab=support',
  '/dashboard/transfers', '/dashboard/transfers?view=controls', '/dashboard/transfers?view=ledger', '/training',
];

export const ADMIN_ROUTES = ['/admin', '/admin/disputes', '/dashboard', '/dashboard/transfers'];
