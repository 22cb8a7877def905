// What a dispute's decision rested on: the transcript lines (with their [mm:ss] stamps) and the call's data
// that the evidence rules quoted, and who decided. Shown to the agent (My Transfers) and the admin (the queue).
import type { DisputeSummary } from '@tm/shared/schemas/transfers';
import './dispute-quotes.css';

export const DECIDED_BY_LABEL = { rules: 'Decided by the evidence rules', admin: 'Decided by an admin' } as const;

export function DecidedBy({ d }: { d: Pick<DisputeSummary, 'decidedBy' | 'reviewRequestedAt' | 'status'> }) {
  if (d.decidedBy)
    return (
      <span className="dq-by" data-testid="dispute-decided-by">
        {DECIDED_BY_LABEL[d.decidedBy]}
      </span>
    );
  if (d.status === 'pending' && d.reviewRequestedAt)
    return (
      <span className="dq-by" data-testid="dispute-decided-by">
        Human review asked
      </span>
    );
  return null;
}

export function DisputeQuotes({ evidence, id }: { evidence: DisputeSummary['evidence']; id?: string }) {
  if (!evidence.length) return null;
  return (
    <ul className="dq-list" id={id} aria-label="Evidence quoted" data-testid="dispute-evidence">
      {evidence.map((e, i) => (
        <li key={i}>
          {e.at && <span className="dq-at">[{e.at}]</span>} <q className="dq-quote">{e.quote}</q>
        </li>
      ))}
    </ul>
  );
}
