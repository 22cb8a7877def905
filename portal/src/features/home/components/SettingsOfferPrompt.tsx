// "Apply these settings?": onboarding answers kept for the agent (sent with a payment for this account by
// someone who did not own it, issue 34 item 3). Nothing changes until the agent says so.
import { useSettingsOffer, useAnswerSettingsOffer } from '../api/settings-offer.ts';

export function SettingsOfferPrompt() {
  const { data } = useSettingsOffer();
  const answer = useAnswerSettingsOffer();
  const offer = data?.offer;
  if (!offer) return null;
  return (
    <section className="card notice notice-info" aria-labelledby="settings-offer-h" data-testid="settings-offer">
      <h3 id="settings-offer-h">Apply these settings?</h3>
      <p className="small">Onboarding answers were sent with a payment for your account. Your Transfer Controls stay as they are unless you apply them.</p>
      {offer.changes.length === 0 ? (
        <p className="small">They match your current Transfer Controls.</p>
      ) : (
        <ul className="small">
          {offer.changes.map((c) => (
            <li key={c.label}>
              {c.label}: {c.from} → {c.to}
            </li>
          ))}
        </ul>
      )}
      {answer.isError && (
        <p className="form-error" role="alert">
          Could not save your answer. Please try again.
        </p>
      )}
      <div className="dash-actions">
        <button type="button" className="btn" disabled={answer.isPending} onClick={() => answer.mutate({ id: offer.id, apply: true })}>
          Apply these settings
        </button>
        <button type="button" className="btn btn-outline" disabled={answer.isPending} onClick={() => answer.mutate({ id: offer.id, apply: false })}>
          Keep my current settings
        </button>
      </div>
    </section>
  );
}
