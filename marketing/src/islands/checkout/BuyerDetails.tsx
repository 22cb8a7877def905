// "Your Details" on a funnel checkout (issue 13): an anonymous buyer gives first name, last name, e-mail,
// phone and (optionally) agency before payment; a logged-in agent sees who they are buying as and the
// step is skipped. Validated with the schema the server uses, so the messages are the same; the schema
// (and zod with it) is loaded when the buyer proceeds, not with the page (bench/page-weight.ts budget).
import type { CheckoutBuyer, CheckoutBuyerInput } from '@tm/shared/schemas/payments';
import type { CurrentUser } from '@tm/shared/schemas/auth';
import { described } from '../aria.ts';

export const BUYER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'agencyName'] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];
export type BuyerValues = Record<BuyerField, string>;
export type BuyerErrors = Partial<Record<BuyerField, string>>;

export const EMPTY_BUYER: BuyerValues = { firstName: '', lastName: '', email: '', phone: '', agencyName: '' };

/** Starts loading the buyer schema (on first interest) so checking is instant when the buyer proceeds. */
export const loadBuyerSchema = () => import('@tm/shared/schemas/payments').then((m) => m.checkoutBuyerSchema);

/** The buyer's fields as the server wants them, or the message of each field that is wrong. */
export async function checkBuyer(values: BuyerValues): Promise<{ ok: true; buyer: CheckoutBuyer } | { ok: false; errors: BuyerErrors }> {
  const checkoutBuyerSchema = await loadBuyerSchema();
  const parsed = checkoutBuyerSchema.safeParse(values satisfies CheckoutBuyerInput);
  if (parsed.success) return { ok: true, buyer: parsed.data };
  const errors: BuyerErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as BuyerField;
    if (!errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** The server's per-field messages that belong to the buyer's fields. */
export function buyerErrorsFrom(fields: Record<string, string> | undefined): BuyerErrors {
  const out: BuyerErrors = {};
  for (const f of BUYER_FIELDS) if (fields?.[f]) out[f] = fields[f];
  return out;
}

const LABELS: Record<BuyerField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  agencyName: 'Agency name (optional)',
};
const AUTOCOMPLETE: Record<BuyerField, string> = { firstName: 'given-name', lastName: 'family-name', email: 'email', phone: 'tel', agencyName: 'organization' };
const TYPES: Partial<Record<BuyerField, string>> = { email: 'email', phone: 'tel' };

export function BuyerDetails(props: {
  user: CurrentUser | null | undefined;
  values: BuyerValues;
  errors: BuyerErrors;
  disabled: boolean;
  onChange: (field: BuyerField, value: string) => void;
}) {
  const { user, values, errors, disabled, onChange } = props;
  if (user === undefined) return null; // still asking who is logged in
  if (user) {
    return (
      <div className="checkout-buyer" data-testid="checkout-buyer">
        <h3>Your Details</h3>
        <p className="muted">
          Buying as <strong>{`${user.firstName} ${user.lastName}`.trim()}</strong> ({user.email}). The transfers go to your account.
        </p>
      </div>
    );
  }
  const field = (f: BuyerField) => {
    const id = `buyer-${f}`;
    return (
      <div className="field" key={f}>
        <label htmlFor={id}>{LABELS[f]}</label>
        <input
          {...described(id, errors[f])}
          type={TYPES[f] ?? 'text'}
          name={f}
          autoComplete={AUTOCOMPLETE[f]}
          value={values[f]}
          disabled={disabled}
          onChange={(e) => onChange(f, e.target.value)}
        />
        {errors[f] && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {errors[f]}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="checkout-buyer" data-testid="checkout-buyer">
      <legend>
        <h3>Your Details</h3>
      </legend>
      <p className="muted small">Your transfers go to the account with this e-mail; if there is none, we set one up for you to log in to.</p>
      <div className="form-row">
        {field('firstName')}
        {field('lastName')}
      </div>
      <div className="form-row">
        {field('email')}
        {field('phone')}
      </div>
      {field('agencyName')}
    </fieldset>
  );
}
