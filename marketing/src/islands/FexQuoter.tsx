// /fex-quoter: the final-expense premium estimator. All the arithmetic is shared/src/logic/quoter.ts.
import { useId, useState } from 'react';
import { quotePremium, QUOTER_DEFAULTS, QUOTER_LIMITS, type QuoteSex, type QuotePlan } from '@tm/shared/logic/quoter';

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const wholeMoney = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export default function FexQuoter() {
  const id = useId();
  const [age, setAge] = useState(String(QUOTER_DEFAULTS.age));
  const [sex, setSex] = useState<QuoteSex>(QUOTER_DEFAULTS.sex);
  const [coverage, setCoverage] = useState(String(QUOTER_DEFAULTS.coverage));
  const [plan, setPlan] = useState<QuotePlan>(QUOTER_DEFAULTS.plan);
  const [smoker, setSmoker] = useState(QUOTER_DEFAULTS.smoker);

  const ageNum = age.trim() === '' ? NaN : Number(age);
  const coverageNum = coverage.trim() === '' ? NaN : Number(coverage);
  const quote = quotePremium({ age: ageNum, sex, coverage: coverageNum, plan, smoker });
  const ageAdjusted = Number.isFinite(ageNum) && quote.age !== Math.round(ageNum);
  const coverageAdjusted = !Number.isFinite(coverageNum) || quote.coverage !== coverageNum;

  return (
    <div className="grid grid-2" style={{ alignItems: 'start' }}>
      <form className="card" onSubmit={(e) => e.preventDefault()} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Your client</h2>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-age`}>Age</label>
            <input
              id={`${id}-age`}
              type="number"
              inputMode="numeric"
              min={QUOTER_LIMITS.minAge}
              max={QUOTER_LIMITS.maxAge}
              value={age}
              onChange={(e) => setAge(e.target.value)}
              onBlur={() => setAge(String(quote.age))}
              aria-describedby={`${id}-age-hint`}
            />
            <p className="hint" id={`${id}-age-hint`}>
              {ageAdjusted
                ? `Priced at age ${quote.age} (ages ${QUOTER_LIMITS.minAge}-${QUOTER_LIMITS.maxAge}).`
                : `Ages ${QUOTER_LIMITS.minAge} to ${QUOTER_LIMITS.maxAge}.`}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-coverage`}>Coverage ($)</label>
            <input
              id={`${id}-coverage`}
              type="number"
              inputMode="numeric"
              min={QUOTER_LIMITS.minCoverage}
              step={QUOTER_LIMITS.coverageStep}
              value={coverage}
              onChange={(e) => setCoverage(e.target.value)}
              onBlur={() => setCoverage(String(quote.coverage))}
              aria-describedby={`${id}-coverage-hint`}
            />
            <p className="hint" id={`${id}-coverage-hint`}>
              {coverageAdjusted
                ? `Priced at ${wholeMoney(quote.coverage)} (minimum ${wholeMoney(QUOTER_LIMITS.minCoverage)}).`
                : `Minimum ${wholeMoney(QUOTER_LIMITS.minCoverage)}, in steps of ${wholeMoney(QUOTER_LIMITS.coverageStep)}.`}
            </p>
          </div>
        </div>
        <fieldset>
          <legend>Sex</legend>
          <div className="segmented">
            {(['female', 'male'] as const).map((s) => (
              <label key={s}>
                <input type="radio" name={`${id}-sex`} value={s} checked={sex === s} onChange={() => setSex(s)} />
                {s === 'female' ? 'Female' : 'Male'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-plan`}>Plan type</label>
          <select id={`${id}-plan`} value={plan} onChange={(e) => setPlan(e.target.value as QuotePlan)}>
            <option value="simplified">Simplified issue</option>
            <option value="guaranteed">Guaranteed issue</option>
          </select>
        </div>
        <fieldset>
          <legend>Tobacco use</legend>
          <div className="segmented">
            <label>
              <input type="radio" name={`${id}-smoker`} value="no" checked={!smoker} onChange={() => setSmoker(false)} />
              Non-smoker
            </label>
            <label>
              <input type="radio" name={`${id}-smoker`} value="yes" checked={smoker} onChange={() => setSmoker(true)} />
              Smoker
            </label>
          </div>
        </fieldset>
      </form>

      <section className="card" aria-labelledby={`${id}-result`}>
        <h2 id={`${id}-result`}>Estimated monthly premium</h2>
        <div className="quote-result" aria-live="polite">
          <div className="quote-amount" data-testid="quote-premium">
            {money(quote.monthlyPremium)}
          </div>
          <p className="muted" style={{ margin: 0 }}>
            per month
          </p>
        </div>
        <h3 style={{ marginTop: '1.5rem' }}>Say it like this</h3>
        <p data-testid="quote-range">
          “For {wholeMoney(quote.coverage)} of coverage, you're looking at somewhere between <strong>{wholeMoney(quote.low)}</strong> and{' '}
          <strong>{wholeMoney(quote.high)}</strong> a month.”
        </p>
        {quote.discountApplied && (
          <p className="muted small">
            Includes the {QUOTER_LIMITS.discountPercent}% discount for coverage of {wholeMoney(QUOTER_LIMITS.discountFrom)} or more.
          </p>
        )}
        <p className="notice notice-warn small" role="note">
          This is a ballpark estimate for final expense whole life insurance, not a carrier quote. Actual premiums depend on the carrier, the client's health
          answers and underwriting.
        </p>
      </section>
    </div>
  );
}
