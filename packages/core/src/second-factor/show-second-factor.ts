import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { secondFactorPage } from "../pages/second-factor-page.js"
import { noStoreHeaders } from "../http/session-chunks.js"
import type { ResponseInternal } from "../types.js"
import type { InlineScript } from "../webauthn/page-script/signin-page-script.js"
import { passkeyCeremonyOptions } from "./passkey-answer.js"
import { type PendingSignIn, readPendingSignIn } from "./pending-sign-in.js"
import type { Answering } from "./second-factor-answer.js"
import { secondFactorOwner } from "./second-factor-owner.js"
import { readSecondFactorStepUp } from "./second-factor-step-up.js"

/**
 * GET {basePath}/second-factor. With a pending sign-in: the challenge (a code, and a passkey
 * when the user may answer with one; as JSON `{ pending, mustEnrol, passkey }`), or, for a user
 * who must enrol first, the enrolment. With a step-up to answer with the second factor alone
 * (second-factor-step-up.ts): the same challenge, with a link to sign in again instead (JSON adds
 * `stepUp: true`). Signed in: the user's methods, as JSON `{ totp, backupCodesLeft,
 * passkeys }` with `Accept: application/json`, else the page to turn TOTP on or off and get new
 * backup codes. Nobody: 401 (JSON) or the sign-in page, back here afterwards.
 */
export async function showSecondFactor(
  request: RequestInternal,
  answering: Answering,
  options: InternalOptions,
): Promise<ResponseInternal> {
  const error = typeof request.query.error === "string"
  const pending = await readPendingSignIn(request.cookies, options)
  if (pending && !options.pendingSignIns.claimedHere(pending.id)) {
    if (answering.json) return json({ pending: true, mustEnrol: !!pending.mustEnrol, passkey: !!pending.passkeyUser })
    if (pending.mustEnrol) return secondFactorPage(options, { step: "required" })
    const codes = !!(await options.adapter!.getSecondFactor(pending.owner))?.totpSecret
    return secondFactorPage(options, { step: "challenge", error, codes, passkey: await passkeyScript(pending, options) })
  }
  const stepUp = await readSecondFactorStepUp(request.cookies, options)
  if (stepUp) {
    // The user is signed in meanwhile: their methods stay readable (an app's own security page reads them
    // while a step-up waits), beside what the challenge offers.
    if (answering.json) {
      const owner = await secondFactorOwner(request.cookies, options)
      const methods = owner ? await methodsOf(owner, options) : {}
      return json({ pending: true, mustEnrol: false, passkey: !!stepUp.passkeyUser, stepUp: true, ...methods })
    }
    const signInAgain = new URL(`${options.url.href.replace(/\/$/, "")}/signin`)
    signInAgain.searchParams.set("callbackUrl", stepUp.redirectTo)
    const passkey = await passkeyScript(stepUp, options)
    return secondFactorPage(options, { step: "challenge", error, codes: stepUp.codes, passkey, signInAgain: signInAgain.href })
  }
  const owner = await secondFactorOwner(request.cookies, options)
  if (!owner) {
    if (answering.json) return json({ error: "not-signed-in" }, 401)
    const signin = new URL(`${options.url.href.replace(/\/$/, "")}/signin`)
    signin.searchParams.set("callbackUrl", `${options.url.href.replace(/\/$/, "")}/second-factor`)
    return { redirect: signin.href }
  }
  const { totp, backupCodesLeft, passkeys } = await methodsOf(owner, options)
  if (answering.json) return json({ totp, backupCodesLeft, passkeys })
  const offered = totp && options.secondFactor!.methods.includes("passkey")
  return secondFactorPage(options, { step: "manage", totp, backupCodesLeft, ...(offered ? { passkeys } : {}) })
}

/** The signed-in user's second-factor methods, as GET /second-factor's JSON names them. */
async function methodsOf(
  owner: NonNullable<Awaited<ReturnType<typeof secondFactorOwner>>>,
  options: InternalOptions,
): Promise<{ totp: boolean; backupCodesLeft: number; passkeys: number }> {
  const record = await options.adapter!.getSecondFactor(owner.key)
  const totp = !!record?.totpSecret
  return { totp, backupCodesLeft: totp ? (record?.backupCodesLeft ?? 0) : 0, passkeys: await passkeyCount(owner.session, options) }
}

/**
 * The passkey script for a pending user who may answer with a passkey: the WebAuthn provider's
 * sign-in page script, loaded through the provider (apps without passkeys never bundle it).
 */
async function passkeyScript(pending: Pick<PendingSignIn, "passkeyUser">, options: InternalOptions): Promise<InlineScript | undefined> {
  if (!pending.passkeyUser) return undefined
  return passkeyCeremonyOptions(options)?.provider.loadSigninPageScript?.()
}

function json(body: Record<string, unknown>, status = 200): ResponseInternal {
  return { status, headers: { ...noStoreHeaders }, body }
}

/** The user's passkeys, for an adapter user on an adapter that keeps them; 0 otherwise. */
async function passkeyCount(owner: { kind: string; userId?: string } | undefined, options: InternalOptions): Promise<number> {
  if (owner?.kind !== "user" || !owner.userId) return 0
  try {
    return (await options.adapter!.listAuthenticatorsByUserId(owner.userId)).length
  } catch {
    // An adapter without passkeys (the wrapped method throws MissingAdapterMethods).
    return 0
  }
}
