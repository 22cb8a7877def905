// Browser bundles import this once, before any schema parses (issue 35 A12). Zod compiles object parsers
// with `new Function` unless told not to, and even its probe for that is a reported CSP violation under
// our policy (no 'unsafe-eval'). The server keeps the compiled parsers (no CSP applies there).
import { config } from 'zod/v4/core';

config({ jitless: true });
