// Leads tab: upload a CSV of leads (for sale or for assignment; refused rows download to fix and upload
// again), assign pool leads to agents (and take them back, reassign or delete them), the shop's leads
// (delete unsold ones) and its for-sale inventory, then the do-not-call lists and per-lead scrub results.
import { LeadImport } from './LeadImport.tsx';
import { LeadPool } from './LeadPool.tsx';
import { BulkAssign } from './BulkAssign.tsx';
import { LeadsForSale } from './LeadsForSale.tsx';
import { LeadInventory } from './LeadInventory.tsx';
import { DncLists } from './DncLists.tsx';

export function LeadsTab() {
  return (
    <div className="adm-leads">
      <LeadImport />
      <BulkAssign kind="leads" />
      <LeadPool />
      <LeadInventory />
      <LeadsForSale />
      <DncLists />
    </div>
  );
}
