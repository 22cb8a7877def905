// Previous / Page n of m / Next under the dispute queue and the audit log. The buttons step from the
// page asked for; the text shows the page the server answered (the two differ while a page loads).
export function Pager({
  page,
  answered,
  onPage,
  label,
}: {
  page: number;
  answered: { page: number; pageCount: number };
  onPage: (p: number) => void;
  label: string;
}) {
  return (
    <nav className="xadm-pagination" aria-label={label}>
      <button type="button" className="btn btn-outline" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span className="muted small">
        Page {answered.page} of {answered.pageCount}
      </span>
      <button type="button" className="btn btn-outline" onClick={() => onPage(page + 1)} disabled={page >= answered.pageCount}>
        Next
      </button>
    </nav>
  );
}
