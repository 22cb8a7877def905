// The dashboard's panels by key. The selected one lives in the URL (/dashboard?tab=key), so a reload
// or the back button keeps it.
export const PANEL_KEYS = [
  'home',
  'buy-aged-leads',
  'buy-call-transfers',
  'insurance-recruiting',
  'facebook-leads',
  'buy-appointments',
  'buy-leads',
  'my-appointments',
  'my-leads',
  'agedLeads',
  'facebook-ads-course',
  'training-videos',
  'support',
] as const;
export type PanelKey = (typeof PANEL_KEYS)[number];

// The portal opens on Home: balance, recent purchases, upcoming appointments and what needs attention.
export const DEFAULT_PANEL: PanelKey = 'home';
export const TAB_PARAM = 'tab';

export const PANEL_TITLES: Record<PanelKey, string> = {
  home: 'Home',
  'buy-aged-leads': 'Buy Aged Leads',
  'buy-call-transfers': 'Buy Call Transfers',
  'insurance-recruiting': 'Insurance Recruiting',
  'facebook-leads': 'Facebook Leads',
  'buy-appointments': 'Buy Appointments',
  'buy-leads': 'Buy Leads',
  'my-appointments': 'My Appointments',
  'my-leads': 'My Leads',
  agedLeads: 'Aged Leads',
  'facebook-ads-course': 'Facebook Ads Course',
  'training-videos': 'Training Videos',
  support: 'Support',
};

export function panelFromParam(value: string | null): PanelKey {
  return (PANEL_KEYS as readonly string[]).includes(value ?? '') ? (value as PanelKey) : DEFAULT_PANEL;
}

export function panelHref(key: PanelKey): string {
  return `/dashboard?${TAB_PARAM}=${encodeURIComponent(key)}`;
}
