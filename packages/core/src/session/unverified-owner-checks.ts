import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { SessionTokenError } from "../errors.js"
import type { JWT } from "../jwt/types.js"
import { intervalAnswers } from "../sessions/interval-answers.js"
import { unverifiedAddressOf, unverifiedTokenStillValid } from "./token-marks.js"

/**
 * Whether a token minted for an unverified user (session/token-marks.ts) is still that user's,
 * judged against the user as read from the adapter at most once per
 * `session.revocationCheckInterval` per user in this process, like the revocation check. A user
 * gone or verified since is final: their earlier tokens are never theirs again. A read between
 * checks needs no database, so a read where the database cannot be reached (Next middleware in its
 * own module instance, the Edge runtime) does not sign out a user who just signed up with a
 * passkey (issue 35, hole 8); a failed check serves the session, is asked again at the next read,
 * and never clears the cookie.
 *
 * Attaching a way in (linking an account, adding a passkey) does not rely on this: currentUser
 * reads the user anyway and judges the token against it (login/current-user.ts).
 */
type Facts = Pick<AdapterUser, "email" | "emailVerified"> | null

const users = intervalAnswers<Facts>(20_000)
const inFlight = new Map<string, Promise<Facts>>()

const isFinal = (facts: Facts) => !facts || !!facts.emailVerified

/** Synchronous when the answer is known (the steady state). */
export function unverifiedOwnerStillOwns(token: JWT, options: InternalOptions): boolean | Promise<boolean> {
  const sub = token.sub
  if (typeof sub !== "string") return false
  const owns = (facts: Facts) => unverifiedTokenStillValid(facts as AdapterUser | null, unverifiedAddressOf(token))
  const known = users.get(sub)
  if (known && (known.final || Date.now() - known.at < options.session.revocationCheckInterval * 1000)) return owns(known.value)
  let pending = inFlight.get(sub)
  if (!pending) {
    pending = ask(sub, options).finally(() => inFlight.delete(sub))
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
export function rememberUnverifiedOwner(user: Pick<AdapterUser, "id" | "email">): void {
  users.record(String(user.id), { email: user.email, emailVerified: null }, false)
}

/** The address's owner proved it (login/owner-of-proven-address.ts): in this process, no earlier token is that user's any more. */
export function unverifiedOwnerReplaced(userId: string): void {
  users.record(userId, null, true)
}

async function ask(sub: string, options: InternalOptions): Promise<Facts> {
  const asked = users.asking()
  const user = await options.adapter!.getUser(sub)
  const facts: Facts = user ? { email: user.email, emailVerified: user.emailVerified } : null
  return users.settle(sub, asked, facts, isFinal(facts))?.value ?? facts
}
