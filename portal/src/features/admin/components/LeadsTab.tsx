// Leads tab: upload a CSV of leads (for sale or for assignment), then assign pool leads to agents; the
// do-not-call lists and per-lead scrub results.
import { LeadImport } from './LeadImport.tsx';
import { LeadPool } from './LeadPool.tsx';
import { DncLists } from './DncLists.tsx';

export function LeadsTab() {
  return (
    <div className="adm-leads">
      <LeadImport />
      <LeadPool />
      <DncLists />
    </div>
  );
}
