// CSV for spreadsheets, written by csv-stringify (RFC 4180, CRLF line ends). Every text cell is quoted
// (a spreadsheet that splits on ';' or tabs keeps it one cell), and a formula start (=, +, -, @, tab,
// CR) is neutralised with an apostrophe at the cell's start AND after any separator a spreadsheet might
// split on (, ; tab | CR LF), blanks between skipped, so "Eve;=2+5;" and "\t=HYPERLINK(...)" cannot
// become formula cells (OWASP CSV injection; issue 27 L2, issue 35 A7).
import { stringify } from 'csv-stringify/sync';

export type Cell = string | number | boolean | null | undefined;

// A formula character at the cell's start or after a separator, with only blanks (space, tab, CR, LF)
// between: a spreadsheet trims those or splits on them, so the apostrophe goes right before the
// character, after the blanks (issue 35 A7: "\t=HYPERLINK(...)" split on tab was a live formula).
const FORMULA_AFTER_SEPARATOR = /(?<=(?:^|[,;\t|\r\n])[ \t\r\n]*)([=+\-@])/g;
const LEADING_CONTROL = /^[\t\r]/;

/** A text cell with every formula start neutralised (exported for the tests). */
export function defuse(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "'$1");
  return LEADING_CONTROL.test(inner) ? `'${inner}` : inner;
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
