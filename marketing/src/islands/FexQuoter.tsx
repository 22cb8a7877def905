// /fex-quoter: the final-expense premium estimator. All the arithmetic is shared/src/logic/quoter.ts.
// The client's answers are a react-hook-form form (nothing is submitted: the premium follows every
// change); the defaults are also on the controls, so the server-rendered page shows them.
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { quotePremium, QUOTER_DEFAULTS, QUOTER_LIMITS, type QuoteSex, type QuotePlan } from '@tm/shared/logic/quoter';

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const wholeMoney = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

interface QuoterFields {
  age: string;
  coverage: string;
  sex: QuoteSex;
  plan: QuotePlan;
  smoker: 'yes' | 'no';
}

const DEFAULTS: QuoterFields = {
  age: String(QUOTER_DEFAULTS.age),
  coverage: String(QUOTER_DEFAULTS.coverage),
  sex: QUOTER_DEFAULTS.sex,
  plan: QUOTER_DEFAULTS.plan,
  smoker: QUOTER_DEFAULTS.smoker ? 'yes' : 'no',
};

export default function FexQuoter() {
  const id = useId();
  const { register, watch, setValue } = useForm<QuoterFields>({ defaultValues: DEFAULTS });
  const values = watch();
  const { age, coverage, sex, plan } = values;
  const smoker = values.smoker === 'yes';

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
              defaultValue={DEFAULTS.age}
              {...register('age', { onBlur: () => setValue('age', String(quote.age)) })}
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
              defaultValue={DEFAULTS.coverage}
              {...register('coverage', { onBlur: () => setValue('coverage', String(quote.coverage)) })}
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
                <input type="radio" value={s} defaultChecked={DEFAULTS.sex === s} {...register('sex')} />
                {s === 'female' ? 'Female' : 'Male'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-plan`}>Plan type</label>
          <select id={`${id}-plan`} defaultValue={DEFAULTS.plan} {...register('plan')}>
            <option value="simplified">Simplified issue</option>
            <option value="guaranteed">Guaranteed issue</option>
          </select>
        </div>
        <fieldset>
          <legend>Tobacco use</legend>
          <div className="segmented">
            <label>
              <input type="radio" value="no" defaultChecked={DEFAULTS.smoker === 'no'} {...register('smoker')} />
              Non-smoker
            </label>
            <label>
              <input type="radio" value="yes" defaultChecked={DEFAULTS.smoker === 'yes'} {...register('smoker')} />
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
