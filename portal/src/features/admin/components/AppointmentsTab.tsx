// Appointments tab: voice-AI callbacks (webhook or entered by hand), searchable, with Create Appointment.
import { useState } from 'react';
import type { BrightcallAppointment } from '@tm/shared/schemas/admin';
import type { ListPlace } from '@tm/shared/schemas/paging';
import { useAppointments } from '../api/get-appointments.ts';
import { useSearchAppointments } from '../api/search-appointments.ts';
import { formatDate, formatPhone } from './ui.tsx';
import { SearchPagedList } from './SearchPagedList.tsx';
import { CreateAppointmentModal } from './CreateAppointmentModal.tsx';
import { BulkAssign } from './BulkAssign.tsx';
import { AppointmentPanel } from './AppointmentPanel.tsx';

function AppointmentCard({ a, onOpen }: { a: BrightcallAppointment; onOpen: (id: number) => void }) {
  return (
    <li className="card adm-card" data-testid="appointment-card">
      <div className="adm-card-main">
        <div className="adm-card-title">
          <h3>
            {a.firstName} {a.lastName}
          </h3>
          {a.source === 'admin' && <span className="adm-badge adm-badge-basic">Manual</span>}
          {a.appointmentStatus === 'available' && <span className="adm-badge adm-badge-ok">For sale</span>}
          {a.appointmentStatus === 'sold' && <span className="adm-badge adm-badge-admin">{a.agentEmail ? `Agent: ${a.agentEmail}` : 'Sold'}</span>}
          {a.appointmentStatus === 'withdrawn' && <span className="adm-badge adm-badge-basic">Withdrawn</span>}
        </div>
        <div className="adm-card-meta">
          {a.email && <span>{a.email}</span>}
          <span>{formatPhone(a.phone)}</span>
          {a.state && <span>{a.state}</span>}
        </div>
      </div>
      <div className="muted small">Created: {formatDate(a.createdAt)}</div>
      {a.appointmentId !== null && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => onOpen(a.appointmentId!)}
          aria-label={`Details of ${a.firstName} ${a.lastName}`}
        >
          Details
        </button>
      )}
    </li>
  );
}

/** The page of appointments, or of the search results once there is search text. */
function useAppointmentsPage(q: string, page: ListPlace, searching: boolean) {
  const list = useAppointments(page, !searching);
  const found = useSearchAppointments(q, page, searching);
  return searching ? found : list;
}

export function AppointmentsTab() {
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div>
      <SearchPagedList
        noun="appointments"
        title="Appointments"
        searchLabel="Search appointments"
        createLabel="Create Appointment"
        onCreate={() => setCreating(true)}
        usePage={useAppointmentsPage}
        keyset
        renderItem={(a) => <AppointmentCard a={a} onOpen={setOpen} />}
      />
      <BulkAssign kind="appointments" />
      <CreateAppointmentModal open={creating} onClose={() => setCreating(false)} />
      <AppointmentPanel id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
