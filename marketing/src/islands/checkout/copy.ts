// The words of each transfer-package checkout (heading, introduction, benefits). Read by the page at build
// time ([checkout].astro), which hands the island only the tiers it can show (the standard page also the
// special offer, /checkout?tier=special), so the island's script does not carry every page's words.
import { TIERS, HIGH_VOLUME, highVolumeBandLabel, type TierId } from '@tm/shared';
import type { PackageTier } from '@tm/shared/logic/pricing';
import { ENTERPRISE_BENEFITS, PREMIUM_BENEFITS, ULTIMATE_BENEFITS, standardBenefits } from '../../components/tier-benefits.ts';
import type { CheckoutPage } from '../../stores/checkout.ts';

export interface PageCopy {
  heading: string;
  intro: string;
  benefitsTitle: string;
  benefits: string[];
}

const COPY: Record<TierId | 'high-volume', PageCopy> = {
  standard: {
    heading: 'Customize Your Package',
    intro: 'Choose how many qualified live transfers you want. You only pay for transfers that pass the buffer.',
    benefitsTitle: "What's included",
    benefits: standardBenefits(TIERS.standard.bufferSeconds),
  },
  special: {
    heading: 'Customize Your Special Offer Package',
    intro: `Special offer for agents taking ${TIERS.special.callsPerDay} calls per day.`,
    benefitsTitle: "What's included",
    benefits: standardBenefits(TIERS.special.bufferSeconds),
  },
  premium: {
    heading: 'Premium Volume Package',
    intro: `For agents taking ${TIERS.premium.callsPerDay} calls per day.`,
    benefitsTitle: 'Premium benefits',
    benefits: PREMIUM_BENEFITS,
  },
  enterprise: {
    heading: 'Enterprise Volume Package',
    intro: `For agencies taking ${TIERS.enterprise.callsPerDay} calls per day.`,
    benefitsTitle: 'Enterprise benefits',
    benefits: ENTERPRISE_BENEFITS,
  },
  ultimate: {
    heading: 'Ultimate Volume Package',
    intro: `For agencies taking ${TIERS.ultimate.callsPerDay} calls per day.`,
    benefitsTitle: 'Ultimate benefits',
    benefits: ULTIMATE_BENEFITS,
  },
  'high-volume': {
    heading: 'High-Volume Transfer Package',
    intro: `The more transfers you buy, the lower the rate. Minimum order: ${HIGH_VOLUME.minCount} transfers.`,
    benefitsTitle: 'Volume pricing',
    benefits: HIGH_VOLUME.bands.map(highVolumeBandLabel),
  },
};

export type CheckoutCopy = Partial<Record<PackageTier, PageCopy>>;

/** The copy a checkout page hands its island. */
export function copyFor(page: CheckoutPage): CheckoutCopy {
  return page === 'standard' ? { standard: COPY.standard, special: COPY.special } : { [page]: COPY[page] };
}
