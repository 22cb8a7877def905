// CSV for spreadsheets: RFC 4180 quoting, CRLF line ends, and cells that a spreadsheet would run as a
// formula (=, +, -, @, tab, CR first) prefixed with an apostrophe (OWASP CSV injection advice).

export type Cell = string | number | boolean | null | undefined;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: Cell[]): string {
  return cells.map(cell).join(',') + '\r\n';
}
