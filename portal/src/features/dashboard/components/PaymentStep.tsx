// The embedded payment form of the dashboard's purchases: loads the provider's key, then the shared
// PaymentForm. A key that cannot be loaded shows 'Failed to load payment system' with a Retry button.
import { PaymentForm, type BillingDetails } from '@tm/shared/ui/PaymentForm';
import { PaymentSystemError } from '../../../components/PaymentSystemError.tsx';
import { useStripePublicKey } from '../../../lib/stripe-public-key.ts';
import { Spinner } from './ui.tsx';

export interface PaymentStepProps {
  clientSecret: string;
  submitLabel: string;
  returnPath: string;
  redirect: 'always' | 'if_required';
  billingDetails?: BillingDetails;
  onSuccess?: (paymentIntentId: string) => void;
  onError?: (message: string) => void;
}

export function PaymentStep(props: PaymentStepProps) {
  const key = useStripePublicKey();
  if (key.isPending) return <Spinner label="Loading payment form..." />;
  if (key.isError) return <PaymentSystemError />;
  return (
    <PaymentForm
      clientSecret={props.clientSecret}
      publishableKey={key.data.publicKey}
      testMode={key.data.testMode}
      returnUrl={new URL(props.returnPath, window.location.origin).toString()}
      submitLabel={props.submitLabel}
      redirect={props.redirect}
      billingDetails={props.billingDetails}
      onSuccess={props.onSuccess}
      onError={props.onError}
    />
  );
}
