// negotiator 1.x (Express's own, through `accepts`) ships no types and @types/negotiator describes
// 0.6, which lacks the `preferred` option used to break q-value ties in the server's order.
declare module 'negotiator' {
  interface EncodingOptions {
    /** The server's order among codings the client rates equally. */
    preferred?: string[];
  }
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: string[], options?: EncodingOptions): string | undefined;
    encodings(available?: string[], options?: EncodingOptions): string[];
  }
  export = Negotiator;
}
