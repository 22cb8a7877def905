// Pagination controls: numbered (a window of 5 pages plus Previous/Next) and simple previous/next.
import type { ReactNode } from 'react';
import { pageCount, pageWindow } from '@tm/shared/logic/pagination';

interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (p: number) => void;
  label: string;
}

function StepButton({ to, disabled, onPage, children }: { to: number; disabled: boolean; onPage: (p: number) => void; children: ReactNode }) {
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => onPage(to)} disabled={disabled}>
      {children}
    </button>
  );
}

function PageOf({ page, pages }: { page: number; pages: number }) {
  return (
    <span className="muted small">
      Page {page} of {pages.toLocaleString('en-US')}
    </span>
  );
}

export function NumberedPagination({ page, total, pageSize, onPage, label }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="dash-pagination" aria-label={label}>
      <StepButton to={page - 1} disabled={page <= 1} onPage={onPage}>
        Previous
      </StepButton>
      {pageWindow(page, pages).map((p) => (
        <button
          key={p}
          type="button"
          className={`btn btn-sm ${p === page ? '' : 'btn-outline'}`}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Page ${p}`}
          onClick={() => onPage(p)}
        >
          {p}
        </button>
      ))}
      <StepButton to={page + 1} disabled={page >= pages} onPage={onPage}>
        Next
      </StepButton>
      <PageOf page={page} pages={pages} />
    </nav>
  );
}

export function SimplePagination({ page, total, pageSize, onPage, label }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="dash-pagination" aria-label={label}>
      <StepButton to={page - 1} disabled={page <= 1} onPage={onPage}>
        Previous
      </StepButton>
      <PageOf page={page} pages={pages} />
      <StepButton to={page + 1} disabled={page >= pages} onPage={onPage}>
        Next
      </StepButton>
    </nav>
  );
}
