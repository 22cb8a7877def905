// The campaign that brought an order or an account (decision 232), as the admin's order and user pages show it:
// the last touch's source / medium / campaign with its click ids, and the first touch when it differs. Text
// only (React escapes it): the values come from the buyer's browser.
import { formatDate } from '@tm/shared/logic/format';
import { touchLabel, type Touch } from '@tm/shared/logic/attribution';
import type { AttributionView } from '@tm/shared/schemas/attribution';

function touchText(t: Touch, tz: string): string {
  const ids = (['gclid', 'gbraid', 'wbraid', 'fbclid'] as const).filter((k) => t[k]).map((k) => `${k} ${t[k]}`);
  const extra = [t.term ? `term ${t.term}` : null, t.content ? `content ${t.content}` : null, ...ids, t.landing ? `landed on ${t.landing}` : null].filter(
    Boolean,
  );
  return `${touchLabel(t)}${extra.length ? ` · ${extra.join(' · ')}` : ''} (${formatDate(t.at, tz)})`;
}

/** "google / cpc / fex-tx · gclid ... (Nov 24, 2026)", and the first touch on its own line when it differs. */
export function CampaignText({ attribution, tz, testId }: { attribution: AttributionView | null; tz: string; testId: string }) {
  if (!attribution?.last) return <span data-testid={testId}>(direct)</span>;
  const { first, last } = attribution;
  const firstDiffers = first && (first.at !== last.at || touchLabel(first) !== touchLabel(last));
  return (
    <span data-testid={testId}>
      {touchText(last, tz)}
      {firstDiffers && (
        <>
          <br />
          <span className="muted small">First touch: {touchText(first, tz)}</span>
        </>
      )}
    </span>
  );
}
