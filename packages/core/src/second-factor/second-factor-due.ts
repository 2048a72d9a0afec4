import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { FirstFactorDone } from "../login/first-factor-authentication.js"
import { ownerKey, type SessionOwner } from "../sessions/session-owner.js"
import { multiFactorMethod } from "../step-up/session-authentication.js"
import type { ResponseInternal } from "../types.js"
import { passkeyUserOf } from "./passkey-user.js"
import { type PendingSignIn, pendingSignInCookies } from "./pending-sign-in.js"

/**
 * The second factor's gate in finishSignIn (login/finish-sign-in.ts), carried by SecondFactor() so
 * that apps without second factors bundle none of it: when a factor is due, the answer that holds
 * the sign-in (the encrypted pending cookie and the second-factor page, no session); else null.
 */
export async function holdForSecondFactor(
  request: RequestInternal,
  done: FirstFactorDone,
  methods: string[],
  owner: SessionOwner,
  options: InternalOptions,
): Promise<ResponseInternal | null> {
  const due = await secondFactorDue(done, methods, owner, options)
  if (!due) return null
  const { cookies: _cookies, ...kept } = done
  const state = { ...kept, id: crypto.randomUUID(), owner: ownerKey(owner), methods, ...due }
  const pending = await pendingSignInCookies(state, request.cookies, options)
  return { redirect: secondFactorPageUrl(options), cookies: [...(done.cookies ?? []), ...pending] }
}

/**
 * What the gate must still ask of a sign-in whose first factor is done, as the fields of its
 * pending sign-in, or null for nothing (second factors off, a first factor that is two already
 * such as a passkey, or a user who has none and need not):
 * - a user with TOTP is challenged: a code, or one of their passkeys when "passkey" is offered
 *   (`passkeyUser`) and the first factor was not a passkey itself (a security key touched without
 *   user verification is one factor, and touching it again would not make two);
 * - a user who must have a second factor and has none but a passkey (offered) is challenged for it;
 * - one who must and has neither enrols first (`mustEnrol`).
 * `owner` names the user as their session will.
 */
export async function secondFactorDue(
  done: Pick<FirstFactorDone, "user" | "account">,
  methods: string[],
  owner: SessionOwner,
  options: InternalOptions,
): Promise<Pick<PendingSignIn, "mustEnrol" | "passkeyUser"> | null> {
  const config = options.secondFactor
  if (!config || methods.includes(multiFactorMethod)) return null
  const record = await options.adapter!.getSecondFactor(ownerKey(owner))
  // Passkeys are looked up only for a user who is asked for a second factor anyway.
  const withPasskey = async () => {
    if (done.account?.type === "webauthn") return null
    const passkeyUser = await passkeyUserOf(owner, options)
    return passkeyUser ? { passkeyUser } : null
  }
  if (record?.totpSecret) return (await withPasskey()) ?? {}
  const required =
    typeof config.required === "function" ? await config.required({ user: done.user, account: done.account }) : config.required
  if (required !== true) return null
  return (await withPasskey()) ?? { mustEnrol: true }
}

/** The page a pending sign-in is sent to: the app's `pages.secondFactor`, else the built-in `{basePath}/second-factor`. */
export function secondFactorPageUrl(options: InternalOptions): string {
  const custom = options.pages.secondFactor
  return custom ? new URL(custom, options.url.origin).href : `${options.url.href.replace(/\/$/, "")}/second-factor`
}

/** `url` with `?error=SecondFactorFailed`: the one answer every refused second factor gets, whatever the reason. */
export function withError(url: string): string {
  const target = new URL(url)
  target.searchParams.set("error", "SecondFactorFailed")
  return target.href
}
