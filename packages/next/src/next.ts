/**
 * `@gatehouse/next/next` exists because `next-auth/next` does: it held next-auth v4's
 * `getServerSession`. As in next-auth v5, importing it fails at once with the way forward.
 */
throw new ReferenceError(
  [
    '"@gatehouse/next/next" is next-auth v4\'s API and does not exist in v5.',
    "Call `auth()` from your auth.ts instead of `getServerSession(...)` (server components, route handlers, server actions, getServerSideProps).",
    "Read more on https://authjs.dev/getting-started/migrating-to-v5",
  ].join("\n"),
)

export {}
