import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { RequestInternal } from "../http/request-internal.js"
import { undoNewUser } from "../login/handle-login.js"
import type { ResponseInternal } from "../types.js"
import { hashPassword, owaspScrypt } from "./hash-password.js"
import { judgeNewPassword } from "./password-policy.js"
import { readAddress, readPasswordField } from "./password-input.js"
import { passwordPageUrl } from "./password-pages.js"
import { issuePasswordToken } from "./password-tokens.js"
import { sendPasswordMail } from "./send-password-mail.js"

/**
 * POST /callback/password with `action=signup`, `email`, `password` (and `name`). A new address
 * gets an unverified user with the password and a verification mail (link and code); a taken one
 * gets a mail saying someone tried to sign up with it (kind `exists`), and nothing changes. Both
 * answer the same redirect, after the same hashing work, so the answer tells nobody which it was.
 * A password the policy refuses is sent back to the sign-up page before the address is looked at.
 */
export async function signUp(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal> {
  const provider = options.provider
  const adapter = options.adapter!
  const body = request.body ?? {}
  const email = readAddress(body.email)
  if (!email) return { redirect: passwordPageUrl(options, "signup", { error: "invalid_email" }) }
  const password = readPasswordField(body.password)
  const verdict = password === undefined ? { problem: "too_short" as const } : await judgeNewPassword(password, email, options)
  if (verdict) return { redirect: passwordPageUrl(options, "signup", { error: `password_${verdict.problem}`, email }) }
  const name = typeof body.name === "string" && body.name.trim() ? body.name.trim().slice(0, 256) : null

  // Hashed whether or not the address is taken: the two answers cost the same.
  const hash = await hashPassword(password!, provider.hashing ?? owaspScrypt)
  const taken = await adapter.getUserByEmail(email)
  if (taken) {
    await sendPasswordMail({ to: email, kind: "exists", url: passwordPageUrl(options, "forgot", { email }) }, options)
  } else {
    await createUnverifiedUser(email, name, hash, options)
  }
  // Nothing of the address in the answer: it is byte for byte the same for every address.
  return { redirect: passwordPageUrl(options, "verify") }
}

async function createUnverifiedUser(email: string, name: string | null, hash: string, options: InternalOptions<"password">): Promise<void> {
  const adapter = options.adapter!
  let user: AdapterUser
  try {
    user = await adapter.createUser({ id: crypto.randomUUID(), email, emailVerified: null, name } as AdapterUser)
  } catch (error) {
    // Another sign-up with the same address won the race: it is taken now, and its mail is on its way.
    if (await adapter.getUserByEmail(email)) {
      await sendPasswordMail({ to: email, kind: "exists", url: passwordPageUrl(options, "forgot", { email }) }, options)
      return
    }
    throw error
  }
  try {
    await adapter.setPasswordHash(user.id, hash)
    const { token, code, expires } = await issuePasswordToken("verify", email, options)
    await sendPasswordMail({ to: email, kind: "verify", url: passwordPageUrl(options, "confirm", { token }), code, expires }, options)
  } catch (error) {
    // No half-made account: a user nobody can verify would only hold the address.
    await undoNewUser(user.id, options)
    throw error
  }
  await emitEvent(options, "createUser", { user })
}
