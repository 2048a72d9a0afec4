import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { originalAdapter } from "../config/wrap-adapter.js"
import { SessionTokenError } from "../errors.js"
import type { JWT } from "../jwt/types.js"
import { type IntervalAnswers, intervalAnswers } from "../sessions/interval-answers.js"
import { unverifiedAddressOf, unverifiedTokenStillValid } from "./token-marks.js"

/**
 * Whether a token minted for an unverified user (session-cookie/token-marks.ts) is still that user's,
 * judged against the user as read from the adapter at most once per
 * `session.revocationCheckInterval` per user in this process, like the revocation check. A user
 * gone or verified since is nobody's for their earlier tokens (a facts-based answer, not a final
 * one: an id a fresh database gives again to a new unverified user is judged by the new facts). An
 * answer in flight never replaces one recorded after it was asked (the owner proving the address
 * here, a sign-in). A read between
 * checks needs no database, so a read where the database cannot be reached (Next middleware in its
 * own module instance, the Edge runtime) does not sign out a user who just signed up with a
 * passkey (issue 35, hole 8); a failed check serves the session, is asked again at the next read,
 * and never clears the cookie.
 *
 * Attaching a way in (linking an account, adding a passkey) does not rely on this: currentUser
 * reads the user anyway and judges the token against it (login/current-user.ts).
 */
type Facts = Pick<AdapterUser, "email" | "emailVerified"> | null

/**
 * Per adapter (the resolved config's): user ids are the adapter's, and two apps in one process (or
 * two databases) may both have a user "1".
 */
const byAdapter = new WeakMap<object, { users: IntervalAnswers<Facts>; inFlight: Map<string, Promise<Facts>> }>()

function answersOf(wrapped: object) {
  const adapter = originalAdapter(wrapped)
  let kept = byAdapter.get(adapter)
  if (!kept) {
    kept = { users: intervalAnswers<Facts>(20_000), inFlight: new Map() }
    byAdapter.set(adapter, kept)
  }
  return kept
}

/** Synchronous when the answer is known (the steady state). */
export function unverifiedOwnerStillOwns(token: JWT, options: InternalOptions): boolean | Promise<boolean> {
  const sub = token.sub
  if (typeof sub !== "string") return false
  const owns = (facts: Facts) => unverifiedTokenStillValid(facts as AdapterUser | null, unverifiedAddressOf(token))
  const { users, inFlight } = answersOf(options.adapter!)
  const known = users.get(sub)
  if (known && Date.now() - known.at < options.session.revocationCheckInterval * 1000) return owns(known.value)
  let pending = inFlight.get(sub)
  if (!pending) {
    pending = ask(sub, users, options).finally(() => inFlight.delete(sub))
    inFlight.set(sub, pending)
  }
  return pending.then(owns, (error) => {
    options.logger.error(
      new SessionTokenError("Could not check that an unverified user's session is still theirs; served it meanwhile", error as Error),
    )
    const kept = users.get(sub)
    return kept ? owns(kept.value) : true
  })
}

/** At sign-in: the user just signed in, unverified, with this address. */
export function rememberUnverifiedOwner(user: Pick<AdapterUser, "id" | "email">, options: Pick<InternalOptions, "adapter">): void {
  if (options.adapter) answersOf(options.adapter).users.record(String(user.id), { email: user.email, emailVerified: null }, false)
}

/** The address's owner proved it (login/owner-of-proven-address.ts): in this process, no earlier token is that user's any more. */
export function unverifiedOwnerReplaced(userId: string, options: Pick<InternalOptions, "adapter">): void {
  if (options.adapter) answersOf(options.adapter).users.record(userId, null, false)
}

async function ask(sub: string, users: IntervalAnswers<Facts>, options: InternalOptions): Promise<Facts> {
  const asked = users.asking()
  const user = await options.adapter!.getUser(sub)
  const facts: Facts = user ? { email: user.email, emailVerified: user.emailVerified } : null
  return users.settle(sub, asked, facts, false)?.value ?? facts
}
