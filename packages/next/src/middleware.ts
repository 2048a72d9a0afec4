/**
 * `@gatehouse/next/middleware` exists because `next-auth/middleware` does: it was next-auth v4's
 * `withAuth`. As in next-auth v5, importing it fails at once with the way forward, instead of an
 * app failing later on a module that is not there or a `withAuth` that does nothing.
 */
throw new ReferenceError(
  [
    '"@gatehouse/next/middleware" is next-auth v4\'s API and does not exist in v5.',
    'Export `auth` from your proxy.ts instead: `export { auth as proxy } from "./auth"` (on Next 15, middleware.ts: `export { auth as middleware } from "./auth"`).',
    "Read more on https://authjs.dev/getting-started/migrating-to-v5",
  ].join("\n"),
)

export {}
