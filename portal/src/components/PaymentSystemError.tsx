// What a payment screen shows when the card form's public key cannot be loaded: the message and a
// Retry that reloads the page. Shared by the dashboard's purchases and the transfer checkout.
export function PaymentSystemError() {
  return (
    <div className="form-error" role="alert">
      <p>Failed to load payment system</p>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => window.location.reload()}>
        Retry
      </button>
    </div>
  );
}
