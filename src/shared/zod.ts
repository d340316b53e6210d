/*
 * Zod, configured once: every module of the app takes `z` from here, never from 'zod' itself (an
 * ESLint rule says so), so the configuration below is in place before any schema is built, in the
 * browser and on the server, whichever module happens to load first: a module's imports always run
 * before it, however the bundler splits the code.
 *
 * jitless: Zod 4 compiles a fast parser for each object schema with `new Function`, and asks whether
 * it may with a probe, `new Function('')`, the first time an object schema is built. The page's
 * Content-Security-Policy forbids eval (script-src 'self', src/server/lib/security.ts): the probe
 * fails, so the browser never had the compiled parsers, but Firefox reports the refused eval in the
 * console ("The page's settings blocked a JavaScript eval"), as every browser reports it to the
 * page (securitypolicyviolation). jitless skips the probe; Zod then parses as the browser already did.
 * The server and the tests parse the same way (one path everywhere, no code built at run time); it
 * costs the server about 60 µs on a whole test's save body (70 µs compiled, 130 µs not).
 *
 * `zod/mini` (the first-visit forms' checks, decision 0021) builds no compiled parser, so it never
 * probes, and may be imported directly.
 */
// eslint-disable-next-line no-restricted-imports -- the one module that imports Zod itself (see above)
import { z } from 'zod';

z.config({ jitless: true });

export { z };
