/**
 * `@gatehouse/next/v4/next` — next-auth 4's `next-auth/next`: `NextAuth` (default) and
 * `getServerSession` / `unstable_getServerSession`.
 */
import { NextAuth } from "./next-auth.js"

export default NextAuth
export { getServerSession, unstable_getServerSession } from "./get-server-session.js"
