// Numbered pagination: at most five page buttons, centred on the current page where possible.

export const PAGE_WINDOW = 5;

export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** The page numbers to show as buttons, e.g. (7, 20) -> [5, 6, 7, 8, 9]. */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW): number[] {
  const pages = Math.max(1, Math.floor(totalPages));
  const cur = Math.min(Math.max(1, Math.floor(current)), pages);
  const width = Math.min(size, pages);
  let start = cur - Math.floor((width - 1) / 2);
  start = Math.max(1, Math.min(start, pages - width + 1));
  return Array.from({ length: width }, (_, i) => start + i);
}
