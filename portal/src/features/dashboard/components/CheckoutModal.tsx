// The one payment modal of the dashboard's item checkouts (decision 259): what is being bought and the
// server's total, the embedded payment form, and Cancel (which releases the held items). Titles and
// button words are the spec's, by kind.
import { formatUsd } from '@tm/shared';
import type { ItemKind } from '../api/item-checkout.ts';
import type { ItemCheckout } from '../hooks/use-item-checkout.ts';
import { PaymentStep } from './PaymentStep.tsx';
import { Modal } from './ui.tsx';

interface ModalWords {
  title: string;
  itemsLabel: string;
  /** How this kind writes an amount of cents. */
  money: (cents: number) => string;
  /** The pay button, for the server's total. */
  submitLabel: (amountCents: number) => string;
  /** Show the unit price beside the count ("2 × $10"). */
  showUnit: boolean;
}

export const CHECKOUT_MODAL_WORDS: Record<ItemKind, ModalWords> = {
  lead: {
    title: 'Complete Your Lead Purchase',
    itemsLabel: 'Leads',
    money: (cents) => formatUsd(cents, { cents: true }),
    submitLabel: (amount) => `Pay ${formatUsd(amount, { cents: true })}`,
    showUnit: false,
  },
  appointment: {
    title: 'Complete Your Appointment Purchase',
    itemsLabel: 'Appointments',
    money: (cents) => formatUsd(cents),
    submitLabel: () => 'Complete Purchase',
    showUnit: true,
  },
};

/** The one price every item shares, else null. */
function unitPrice(items: { priceCents: number }[]): number | null {
  const first = items[0]?.priceCents;
  return first !== undefined && items.every((i) => i.priceCents === first) ? first : null;
}

export function CheckoutModal({ checkout, returnPath }: { checkout: ItemCheckout; returnPath: string }) {
  const words = CHECKOUT_MODAL_WORDS[checkout.kind];
  const open = checkout.open;
  const unit = open && words.showUnit ? unitPrice(open.items) : null;
  return (
    <Modal open={open !== null} title={words.title} onClose={checkout.close}>
      {open && (
        <>
          <div className="dash-order-summary">
            <div>
              <span className="muted">{words.itemsLabel}</span>
              <strong data-testid="checkout-count">
                {open.items.length}
                {unit !== null && ` × ${words.money(unit)}`}
              </strong>
            </div>
            <div>
              <span className="muted">Total</span>
              <strong data-testid="checkout-total">{words.money(open.amount)}</strong>
            </div>
          </div>
          <PaymentStep
            clientSecret={open.clientSecret}
            submitLabel={words.submitLabel(open.amount)}
            returnPath={returnPath}
            redirect="if_required"
            onSuccess={checkout.paid}
            onError={checkout.paymentFailed}
          />
          <div className="dash-actions">
            <button type="button" className="btn btn-outline" onClick={checkout.close}>
              Cancel
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
