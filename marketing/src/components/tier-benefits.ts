// What each transfer tier includes: listed on its pricing page and again on its checkout, so both
// read from here. Buffers come from the catalogue.
import { TIERS } from '@tm/shared';

/** The standard and special tiers' list, for a tier's buffer in seconds. */
export const standardBenefits = (bufferSeconds: number) => [
  'TCPA-compliant qualified prospects',
  'Real-time delivery to agents',
  `${bufferSeconds}-second minimum call duration policy`,
  `${bufferSeconds} second buffer protection`,
];

export const PREMIUM_BENEFITS = [
  'TCPA-compliant qualified prospects',
  'Real-time delivery to agents',
  `${TIERS.premium.bufferSeconds} second buffer protection`,
  'Priority routing during peak hours',
  'Weekly performance reports',
];

export const ENTERPRISE_BENEFITS = ['Dedicated account manager', 'Priority support', 'Custom reporting', 'Flexible payment terms'];

export const ULTIMATE_BENEFITS = [
  'Dedicated account manager',
  'Priority support and setup',
  'Custom reporting and analytics',
  'Flexible payment terms',
  'White-label options',
  'Volume discounts for additional products',
];
