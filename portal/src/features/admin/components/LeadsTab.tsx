// Leads tab: upload a CSV of leads (for sale or for assignment), then assign pool leads to agents.
import { LeadImport } from './LeadImport.tsx';
import { LeadPool } from './LeadPool.tsx';

export function LeadsTab() {
  return (
    <div className="adm-leads">
      <LeadImport />
      <LeadPool />
    </div>
  );
}
