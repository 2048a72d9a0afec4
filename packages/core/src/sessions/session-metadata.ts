import { decodeJwt } from "jose/jwt/decode"
import type { NewAdapterSession } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import type { Account } from "../shared-types.js"

/** Long enough for any real browser's User-Agent; a client cannot make a row arbitrarily big. */
export const maxUserAgentLength = 512

type SessionMetadata = Omit<NewAdapterSession, "sessionToken" | "userId" | "expires">

/**
 * What a session started now records about itself, for listing: when, from which browser (its
 * User-Agent, not its IP address), with which provider, and, for back-channel logout, the
 * provider's own session id (the ID token's `sid`) and the account signed in with (its `sub`).
 * Nothing for an adapter that does not manage sessions.
 */
export function newSessionMetadata(options: InternalOptions, account: Account | null | undefined, now = new Date()): SessionMetadata {
  if (!options.adapterManagesSessions) return {}
  return {
    ...ownedSessionMetadata(options, account, now),
    providerSessionId: providerSessionId(account),
    providerAccountId: identityProviderAccountId(account),
  }
}

/** What an owned session (an app user's, or one in `session.store`) records about itself, for listing. */
export function ownedSessionMetadata(
  options: Pick<InternalOptions, "userAgent">,
  account: Account | null | undefined,
  now = new Date(),
): Pick<SessionMetadata, "createdAt" | "lastSeenAt" | "userAgent" | "provider"> {
  return {
    createdAt: now,
    lastSeenAt: now,
    userAgent: options.userAgent ? options.userAgent.slice(0, maxUserAgentLength) : null,
    provider: account?.provider ?? null,
  }
}

/**
 * The account's id at an OAuth or OpenID Connect provider (the `sub` a logout token names). Not
 * recorded for e-mail, passkey or credentials sign-ins: no provider logs those out, and their
 * account ids (an address, a credential id) have no business in every session row.
 */
function identityProviderAccountId(account: Account | null | undefined): string | null {
  if (account?.type !== "oauth" && account?.type !== "oidc") return null
  // Read as text, as the accounts table keeps it (a profile callback may have returned a number).
  const id: unknown = account.providerAccountId
  return (typeof id === "string" && id.length > 0) || typeof id === "number" ? String(id) : null
}

/** The `sid` claim of the sign-in's ID token (already verified by the OAuth callback), when there is one. */
function providerSessionId(account: Account | null | undefined): string | null {
  const idToken = account?.id_token
  if (typeof idToken !== "string") return null
  try {
    const sid = decodeJwt(idToken).sid
    return typeof sid === "string" && sid.length > 0 && sid.length <= 255 ? sid : null
  } catch {
    return null
  }
}
