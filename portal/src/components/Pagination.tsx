// The portal's one pager (dashboard lists, admin tabs, disputes, calls): Previous, "Page n of m", Next,
// optionally a window of numbered pages and the total ("(1,234 calls)"). Pages come from the total
// and page size, or from the server's page count. The buttons step from the page asked for; the text
// may show the page the server answered (`shownPage`), as the two differ while a page loads.
// Nothing is shown for a single page.
import type { ReactNode } from 'react';
import { pageCount, pageWindow } from '@tm/shared/logic/pagination';

export type PaginationProps = {
  page: number;
  onPage: (p: number) => void;
  label: string;
  /** Numbered buttons for a window of pages around the current one. */
  numbered?: boolean;
  /** The page the text names, when it differs from `page` (the server's answer). */
  shownPage?: number;
  /** With `total`: "(1,234 total)" / "(1,234 calls)" after "Page n of m". */
  totalNoun?: string;
} & ({ total: number; pageSize: number; pages?: undefined } | { pages: number; total?: number; pageSize?: undefined });

function StepButton({ to, disabled, onPage, children }: { to: number; disabled: boolean; onPage: (p: number) => void; children: ReactNode }) {
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => onPage(to)} disabled={disabled}>
      {children}
    </button>
  );
}

export function Pagination(props: PaginationProps) {
  const { page, onPage, label, numbered = false, shownPage = page, totalNoun, total } = props;
  const pages = props.pages ?? pageCount(props.total, props.pageSize);
  if (pages <= 1) return null;
  const pageOf = (
    <span className="muted small">
      Page {shownPage.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
      {totalNoun && total !== undefined ? ` (${total.toLocaleString('en-US')} ${totalNoun})` : ''}
    </span>
  );
  return (
    <nav className="dash-pagination" aria-label={label}>
      <StepButton to={page - 1} disabled={page <= 1} onPage={onPage}>
        Previous
      </StepButton>
      {numbered &&
        pageWindow(page, pages).map((p) => (
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
      {!numbered && pageOf}
      <StepButton to={page + 1} disabled={page >= pages} onPage={onPage}>
        Next
      </StepButton>
      {numbered && pageOf}
    </nav>
  );
}
