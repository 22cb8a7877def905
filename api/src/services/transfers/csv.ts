// CSV for spreadsheets, written by csv-stringify (RFC 4180, CRLF line ends). Every text cell is quoted
// (a spreadsheet that splits on ';' or tabs keeps it one cell), and a formula start (=, +, -, @, tab,
// CR) is neutralised with an apostrophe at the cell's start AND after any separator a spreadsheet might
// split on (, ; tab |), so "Eve;=2+5;" cannot become a formula cell (OWASP CSV injection; issue 27 L2).
import { stringify } from 'csv-stringify/sync';

export type Cell = string | number | boolean | null | undefined;

const FORMULA_AFTER_SEPARATOR = /(^|[,;\t|])([=+\-@\t\r])/g;

/** A text cell with every formula start neutralised (exported for the tests). */
export function defuse(text: string): string {
  return text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
}

export function csvLine(cells: Cell[]): string {
  const row = cells.map((c) => (typeof c === 'string' ? defuse(c) : (c ?? null)));
  return stringify([row], {
    record_delimiter: '\r\n',
    quoted_string: true,
    quoted_empty: false, // an empty cell stays empty
    cast: { boolean: (b) => String(b), number: (n) => String(n) },
  });
}
