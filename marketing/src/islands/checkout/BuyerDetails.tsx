// "Your Details" on a funnel checkout (issue 13): an anonymous buyer gives first name, last name, e-mail,
// phone and (optionally) agency before payment; a logged-in agent sees who they are buying as and the
// step is skipped. The Package Details form is a react-hook-form form (the count and these fields);
// its resolver checks the buyer with the schema the server uses (zodResolver), so the messages are the
// same; the schema (and zod with it) is loaded when the buyer first types or proceeds, not with the page
// (bench/page-weight.ts budget).
import type { FieldErrors, Resolver, ResolverOptions, ResolverResult, UseFormRegister } from 'react-hook-form';
import type { CheckoutBuyer, CheckoutBuyerInput } from '@tm/shared/schemas/payments';
import type { CurrentUser } from '@tm/shared/schemas/auth';
import { described } from '../aria.ts';
import { lazyZodResolver, loadZodResolver } from '@tm/shared/ui/schema-form.ts';

export const BUYER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'agencyName'] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];
export type BuyerValues = Record<BuyerField, string>;
/** The Package Details form's fields: the count as typed and the buyer's details. */
export type CheckoutFields = BuyerValues & { count: string };
/** What a valid form gives: the buyer as the server wants them, or null for a logged-in agent. */
export interface CheckedCheckout {
  buyer: CheckoutBuyer | null;
}

export const EMPTY_BUYER: BuyerValues = { firstName: '', lastName: '', email: '', phone: '', agencyName: '' };

/** Starts loading the buyer schema and zodResolver (on first interest) so checking is instant when the buyer proceeds. */
export const loadBuyerSchema = () => {
  void loadZodResolver();
  return import('@tm/shared/schemas/payments').then((m) => m.checkoutBuyerSchema);
};

const checkBuyer = lazyZodResolver(loadBuyerSchema);

/**
 * The form's resolver: an anonymous buyer (`anonymous()` true) is checked with the buyer schema, the
 * message of each field that is wrong in the schema's order; a logged-in agent buys as themselves.
 */
export function checkoutResolver(anonymous: () => boolean): Resolver<CheckoutFields, unknown, CheckedCheckout> {
  return async (values, context, options): Promise<ResolverResult<CheckoutFields, CheckedCheckout>> => {
    if (!anonymous()) return { values: { buyer: null }, errors: {} };
    const buyer: CheckoutBuyerInput = Object.fromEntries(BUYER_FIELDS.map((f) => [f, values[f]])) as BuyerValues;
    const checked = await checkBuyer(buyer, context, options as unknown as ResolverOptions<CheckoutBuyerInput>);
    if (Object.keys(checked.errors).length) return { values: {}, errors: checked.errors as FieldErrors<CheckoutFields> };
    return { values: { buyer: checked.values as CheckoutBuyer }, errors: {} };
  };
}

/** The server's per-field messages that belong to the buyer's fields. */
export function buyerErrorsFrom(fields: Record<string, string> | undefined): Partial<Record<BuyerField, string>> {
  const out: Partial<Record<BuyerField, string>> = {};
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
  register: UseFormRegister<CheckoutFields>;
  errors: FieldErrors<CheckoutFields>;
  disabled: boolean;
  onChange: (field: BuyerField) => void;
}) {
  const { user, register, errors, disabled, onChange } = props;
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
    const error = errors[f]?.message;
    return (
      <div className="field" key={f}>
        <label htmlFor={id}>{LABELS[f]}</label>
        <input
          {...described(id, error)}
          type={TYPES[f] ?? 'text'}
          {...register(f, { onChange: () => onChange(f) })}
          autoComplete={AUTOCOMPLETE[f]}
          disabled={disabled}
        />
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
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
