// Vitest setup for the jsdom test files (portal and marketing components).
//
// Under jsdom, Vitest puts jsdom's AbortController/AbortSignal on globalThis but leaves Node's own
// Request. React Router's data routers (createMemoryRouter in these tests, createBrowserRouter in
// the portal) build `new Request(url, { signal })` on every navigation. Node 20's undici accepts a
// foreign signal; Node 22+ checks it against Node's own AbortSignal class and throws "RequestInit:
// Expected signal ... to be an instance of AbortSignal". A browser has one class, so this only
// concerns tests: a Request given a jsdom signal gets a Node signal that follows it (aborted now if
// it is aborted, aborted later when it is). util.transferableAbortController() is the one public way
// to make Node's own controller once jsdom has replaced the global one.
import { transferableAbortController } from 'node:util';

if (typeof window !== 'undefined' && typeof globalThis.Request === 'function') {
  const NodeRequest = globalThis.Request;
  const NodeAbortSignal = transferableAbortController().signal.constructor as typeof AbortSignal;
  if (globalThis.AbortSignal !== NodeAbortSignal) {
    const follow = (signal: AbortSignal): AbortSignal => {
      const controller = transferableAbortController();
      if (signal.aborted) controller.abort(signal.reason);
      else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
      return controller.signal;
    };
    globalThis.Request = class JsdomSignalRequest extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        const signal = init?.signal;
        super(input, signal && !(signal instanceof NodeAbortSignal) ? { ...init, signal: follow(signal) } : init);
      }
    };
  }
}
