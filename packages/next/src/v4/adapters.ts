/**
 * `@gatehouse/next/v4/adapters` — next-auth 4's `next-auth/adapters` types. v4 adapters
 * (`@next-auth/*-adapter`) and Auth.js adapters share one schema and one interface.
 */
export type {
  Adapter,
  AdapterAccount,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@gatehouse/core/adapters"
