// schema.org Product / Offer data for the pricing pages (issue 37 point 4, decision 235): the price is the
// catalogue's per-transfer rate, the one the server charges (a test compares it with a real order).
import { TIERS, centsToDecimal, type TierId } from '../catalogue/index.ts';

export interface ProductOfferInput {
  tier: TierId;
  /** The page's canonical URL and preview image (absolute). */
  url: string;
  image: string;
  description: string;
}

/** One tier as a Product with its Offer: price per qualified transfer, in USD. */
export function tierProduct({ tier, url, image, description }: ProductOfferInput): Record<string, unknown> {
  const t = TIERS[tier];
  const price = centsToDecimal(t.rateCents);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${t.label} live transfer`,
    description,
    image,
    brand: { '@type': 'Brand', name: 'TransferLine' },
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'USD',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: 'qualified transfer' },
      },
    },
  };
}

/** JSON-LD as it goes inside <script type="application/ld+json">: `<` escaped so no value can end the script. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
