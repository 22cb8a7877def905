// The lines of a receipt of leads or appointments (page and e-mail): the items grouped by kind and the price
// each was bought at, with where that price came from (the buyer's own price, decision 251).
export interface ReceiptItemLine {
  label: string;
  count: number;
  rateCents: number;
  amountCents: number;
  /** "Your price", "Your price for TX"; null for the catalogue's price. */
  basis: string | null;
}

export interface ReceiptItemLines {
  /** Orders of leads or appointments: one line per kind and price; empty for other orders (one line, their description). */
  lines: ReceiptItemLine[];
}
