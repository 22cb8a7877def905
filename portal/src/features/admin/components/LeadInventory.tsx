// The for-sale inventory: how many leads are for sale (aged and fresh) by the aged-lead shop's age bands,
// with the price per lead that shop charges for each band (the server reads it from the catalogue's
// pricing code), and by state. Leads bought one by one cost their own price, else the default shown.
import { formatUsd } from '@tm/shared';
import { useLeadInventory } from '../api/lead-tools.ts';

export function LeadInventory() {
  const { data, isPending, isError } = useLeadInventory();
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    <section className="card adm-inventory" aria-labelledby="inventory-title">
      <h2 id="inventory-title">For-Sale Inventory</h2>
      {isPending ? (
        <p className="adm-empty">Loading inventory...</p>
      ) : isError || !data ? (
        <p className="form-error" role="alert">
          Failed to load the inventory. Please try again.
        </p>
      ) : (
        <>
          <p data-testid="inventory-totals">
            <strong>{n(data.totals.aged)}</strong> aged and <strong>{n(data.totals.fresh)}</strong> fresh leads for sale.
          </p>
          <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="Inventory by age">
            <table className="adm-table" aria-label="For sale by age">
              <thead>
                <tr>
                  <th scope="col">Age</th>
                  <th scope="col">Aged</th>
                  <th scope="col">Fresh</th>
                  <th scope="col">Aged-lead order price</th>
                </tr>
              </thead>
              <tbody>
                {data.byAge.map((b) => (
                  <tr key={b.key} data-testid="inventory-age-row">
                    <th scope="row">{b.label}</th>
                    <td>{n(b.aged)}</td>
                    <td>{n(b.fresh)}</td>
                    <td>{b.priceCents === null ? 'Not sold by age band' : `${formatUsd(b.priceCents, { cents: true })} per lead`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted small">
            Aged-lead orders sell by these bands (both ends included, so a lead 60 or 90 days old is counted in two). Leads bought one by one cost their own
            price, else {formatUsd(data.defaultLeadPriceCents, { cents: true })}.
          </p>
          {data.byState.length > 0 && (
            <div className="adm-table-wrap adm-inventory-states" tabIndex={0} role="region" aria-label="Inventory by state">
              <table className="adm-table" aria-label="For sale by state">
                <thead>
                  <tr>
                    <th scope="col">State</th>
                    <th scope="col">Aged</th>
                    <th scope="col">Fresh</th>
                  </tr>
                </thead>
                <tbody>
                  {data.byState.map((s) => (
                    <tr key={s.state} data-testid="inventory-state-row">
                      <th scope="row">{s.state}</th>
                      <td>{n(s.aged)}</td>
                      <td>{n(s.fresh)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
