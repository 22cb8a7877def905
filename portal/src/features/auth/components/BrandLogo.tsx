// The product's logo on the account pages (login, forgot password): the mark and the name.
export function BrandLogo() {
  return (
    <a href="/" className="auth-brand" aria-label="TransferLine home">
      <img src="/favicon.svg" alt="" width={36} height={36} />
      <span>TransferLine</span>
    </a>
  );
}
