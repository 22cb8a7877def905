// The refusal shared by the sale's checks: inventory (someone else took the item) and compliance (the
// database's floor refused the sale). A leaf module, so the two import it without importing each other.

/** Thrown inside a transaction when not every requested item could be taken; rolls it back. */
export class ItemsUnavailable extends Error {
  constructor() {
    super('items unavailable');
    this.name = 'ItemsUnavailable';
  }
}
