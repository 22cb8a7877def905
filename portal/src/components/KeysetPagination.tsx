// The pager of the lists read by cursor (the for-sale leads, decision 236): Previous and Next step by the
// cursors the server sent (the first and last lead of the page), the numbered buttons a few pages either
// side by a cursor and a bounded skip, and a jump by age seeks on the list's sort key. No button costs
// more than the first page, at any depth, and none stops at a page number. "Page n of m" counts from the
// bounded total ("of 200+" past it).
import { useState, type FormEvent } from 'react';
import { pageCount, pageWindow } from '@tm/shared/logic/pagination';
import type { LeadsPlace } from '@tm/shared/schemas/leads';
import type { Page } from '@tm/shared/schemas/paging';

export interface KeysetPaginationProps {
  place: Pick<LeadsPlace, 'page' | 'jump'>;
  data: Pick<Page<unknown>, 'total' | 'totalCapped' | 'pageSize' | 'page' | 'nextCursor' | 'prevCursor'>;
  onPlace: (p: LeadsPlace) => void;
  label: string;
  /** Numbered buttons for a window of pages around the current one. */
  numbered?: boolean;
  /** The jump by age (days): shown where the list is ordered by age. */
  jumpLabel?: string;
  /** "(1,234 total)" after "Page n of m" ("10,000+" past the bounded count). */
  totalNoun?: string;
}

/** Where the button for page `to` leads, seen from page `at` of the answer `data`: page 1, or a cursor and a skip. */
export function placeOf(to: number, at: number, data: KeysetPaginationProps['data']): LeadsPlace | null {
  if (to === at) return null;
  if (to === 1) return { page: 1 };
  if (to > at) return data.nextCursor ? { page: to, after: data.nextCursor, ...(to > at + 1 ? { skip: (to - at - 1) * data.pageSize } : {}) } : null;
  return data.prevCursor ? { page: to, before: data.prevCursor, ...(to < at - 1 ? { skip: (at - to - 1) * data.pageSize } : {}) } : null;
}

export function KeysetPagination({ place, data, onPlace, label, numbered = false, jumpLabel, totalNoun }: KeysetPaginationProps) {
  const [age, setAge] = useState('');
  // The server's answer names the page (a Previous that reached the start answers page 1).
  // After a jump the number is unknown until Previous reaches the start (no page before it: page 1).
  const at = place.page === null && data.prevCursor ? null : data.page;
  const counted = pageCount(data.total, data.pageSize);
  const pages = data.totalCapped ? Math.max(counted, (at ?? 0) + 1) : counted;
  const hasNext = Boolean(data.nextCursor) && (data.totalCapped || at === null || at < pages);
  const hasPrev = Boolean(data.prevCursor);
  if (!hasNext && !hasPrev) return null;
  const go = (p: LeadsPlace | null) => p && onPlace(p);
  const jump = (e: FormEvent) => {
    e.preventDefault();
    const days = Number(age);
    if (age.trim() !== '' && Number.isInteger(days) && days >= 0) onPlace({ page: null, fromAge: days, jump: days });
  };
  const where = (
    <span className="muted small">
      {at === null
        ? `From ${place.jump ?? 0} days old`
        : `Page ${at.toLocaleString('en-US')} of ${pages.toLocaleString('en-US')}${data.totalCapped ? '+' : ''}`}
      {totalNoun ? ` (${data.total.toLocaleString('en-US')}${data.totalCapped ? '+' : ''} ${totalNoun})` : ''}
    </span>
  );
  return (
    <nav className="dash-pagination" aria-label={label}>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={!hasPrev}
        onClick={() => go({ page: at === null ? null : Math.max(1, at - 1), before: data.prevCursor!, jump: place.jump })}
      >
        Previous
      </button>
      {numbered &&
        at !== null &&
        pageWindow(at, pages).map((p) => {
          const to = placeOf(p, at, data);
          return (
            <button
              key={p}
              type="button"
              className={`btn btn-sm ${p === at ? '' : 'btn-outline'}`}
              aria-current={p === at ? 'page' : undefined}
              aria-label={`Page ${p}`}
              disabled={p !== at && !to}
              onClick={() => go(to)}
            >
              {p.toLocaleString('en-US')}
            </button>
          );
        })}
      {!numbered && where}
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={!hasNext}
        onClick={() => go({ page: at === null ? null : at + 1, after: data.nextCursor!, jump: place.jump })}
      >
        Next
      </button>
      {numbered && where}
      {jumpLabel && (
        <form className="dash-pagination-jump" onSubmit={jump}>
          <label className="muted small">
            {jumpLabel} <input type="number" min={0} inputMode="numeric" value={age} onChange={(e) => setAge(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-outline btn-sm">
            Go
          </button>
        </form>
      )}
    </nav>
  );
}
