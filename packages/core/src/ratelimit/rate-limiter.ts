import type { InternalProvider } from "../providers/types.js"
import { sha256Hex } from "../crypto/sha256-hex.js"
import { AuthError, CredentialsSignin, RateLimited } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { LoggerInstance, RateLimitOptions, RateLimitRule } from "../types.js"
import type { RateLimitStore } from "../shared-types.js"
import { accountKeyOf, type AccountKey } from "./account-key.js"
import { clientIpKey } from "./client-ip.js"

export interface RateLimiterSettings {
  store: RateLimitStore
  perIp: RateLimitRule | false
  perAccount: RateLimitRule | false
  accountFields?: string[]
  accountKey?: RateLimitOptions["accountKey"]
  ipHeader?: string
  clientIp?: (request: Request) => string | null | undefined
  /** Called for an attempt whose client address no source gives: it has no per-IP limit. */
  withoutClientIp?: () => void
}

/** A refused attempt: which limit, and in how many seconds the client may try again. */
export interface Refusal {
  error: RateLimited
  retryAfter: number
}

export interface RateLimiter {
  /** Whether the request is an attempt that counts. Cheap: GET /session pays only this. */
  applies(request: RequestInternal): boolean
  /**
   * Counts the attempt; a refusal when the client or the account is over its limit. Throws the
   * flow's own sign-in error (after counting the client's attempt) when the request does not say
   * which account it is for in the way the provider reads it.
   */
  check(request: Request, internal: RequestInternal, provider: InternalProvider | undefined): Promise<Refusal | undefined>
}

/**
 * Sign-in attempts: POST /signin/<id> (OAuth starts, e-mail sends), /callback/<id> (credentials,
 * e-mail links and codes, OAuth returns, passkeys, passwords) and /webauthn-options/<id>; and
 * POST /password/forgot, /password/reset and /account/email. The action and the
 * provider come from the parsed path, which has already refused `//`, so no spelling of a path
 * reaches an action without passing here.
 */
function isAttempt(request: RequestInternal): boolean {
  // Password mails and resets: POST /password/forgot and /password/reset (a change is made signed in).
  if (request.action === "password") return request.method === "POST" && (request.operation === "forgot" || request.operation === "reset")
  // An address change mails whichever address it is given: limited per address, as e-mail sign-ins are.
  if (request.action === "account") return request.method === "POST" && request.operation === "account:email"
  if (request.providerId === undefined) return false
  switch (request.action) {
    case "signin":
      return request.method === "POST"
    case "callback":
    case "webauthn-options":
      return true
    default:
      return false
  }
}

export function createRateLimiter(settings: RateLimiterSettings, logger: LoggerInstance): RateLimiter {
  const { store, perIp, perAccount } = settings

  /** One more attempt on `key`; the seconds to wait when that is over `rule`'s limit. */
  async function overLimit(key: string, rule: RateLimitRule): Promise<number | undefined> {
    const { count, resetAt } = await store.hit(key, rule.window * 1000, rule.limit)
    if (count <= rule.limit) return undefined
    return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000))
  }

  return {
    applies: isAttempt,
    async check(request, internal, provider) {
      const account = perAccount ? await accountKeyOf(request, internal, provider, settings).catch(appKeyFailed) : undefined
      // Refused whatever the store says (even when it is down): a credentials form without its
      // account field never reaches authorize(). An e-mail flow refuses such an address itself,
      // with the same reader, before any mail.
      const unreadable =
        account && "unreadable" in account && provider?.type === "credentials"
          ? new CredentialsSignin(`Sign-in refused before authorize: ${account.unreadable}`)
          : undefined
      try {
        // The client's budget first: a flood from one address stops there and cannot also
        // burn through the budget of the account it targets (locking its owner out).
        if (perIp) {
          const ip = clientIpKey(request, settings)
          if (ip === undefined) settings.withoutClientIp?.()
          const wait = ip === undefined ? undefined : await overLimit(`ip:${ip}`, perIp)
          if (wait !== undefined) return refusal("client address", ip!, wait)
        }
        if (perAccount && account) {
          if ("unreadable" in account) {
            // Counted too, in one budget per provider: malformed attempts are not free.
            const wait = await overLimit(`account-unreadable:${internal.providerId}`, perAccount)
            if (wait !== undefined) return refusal("account", undefined, wait)
          } else if ("key" in account) {
            // Hashed: the store (Redis, a database table) never holds anyone's e-mail address.
            const wait = await overLimit(`account:${await sha256Hex(account.key)}`, perAccount)
            if (wait !== undefined) return refusal("account", undefined, wait)
          }
        }
      } catch (error) {
        // The limiter is a second line of defence: an unreachable store must not stop every
        // sign-in. The outage is logged; the attempt goes on to the normal checks.
        logger.error(new AuthError("The rate-limit store failed; the attempt was let through", error as Error))
      }
      if (unreadable) throw unreadable
      return undefined
    },
  }
}

/** An app's accountKey that throws names no account: the attempt is refused, not let through. */
function appKeyFailed(error: unknown): AccountKey {
  return { unreadable: `accountKey(request) threw: ${(error as Error)?.message ?? String(error)}` }
}

function refusal(limit: string, ip: string | undefined, retryAfter: number): Refusal {
  const error = new RateLimited(`Too many attempts for this ${limit}${ip ? ` (${ip})` : ""}; retry after ${retryAfter} s`, {
    limit,
    retryAfter,
  })
  return { error, retryAfter }
}
