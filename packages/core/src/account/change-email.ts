import type { AdapterUser } from "../adapters.js"
import type { InternalOptions, EmailConfig } from "../providers/types.js"
import { readEmailIdentifier } from "../http/email-address.js"
import { readSubmittedCode } from "../email/sign-in-code.js"
import { sendLinkMail } from "../email/send-link-mail.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { RequestInternal } from "../http/request-internal.js"
import { currentUser } from "../login/current-user.js"
import { currentSession } from "../sessions/current-session.js"
import { revokeFor } from "../sessions/revoke-user-sessions.js"
import type { Cookie } from "../shared-types.js"
import { keptExpiry, sessionCookieHolding } from "../session-cookie/reissued-session-cookie.js"
import type { AccountResult } from "./account-answer.js"
import { accountMessageText } from "./account-messages.js"
import { issueEmailChangeToken, spendEmailChangeCode, spendEmailChangeLink } from "./email-change-tokens.js"

/**
 * POST {basePath}/account/email with `email`: mails a link and a code to the new address and a
 * notice to the old one; the address changes only when the link or code comes back
 * (confirmEmailChange). An address another user has gets the same answer and no mail (its owner
 * is not pestered, and the answer tells the asker nothing). The caller has checked CSRF and the recent sign-in.
 */
export async function changeEmail(request: RequestInternal, user: AdapterUser, options: InternalOptions): Promise<AccountResult> {
  const address = readEmailIdentifier(request.body?.email, emailProviderOf(options) ?? {})
  if (address.problem !== undefined) return { status: 400, error: "invalid-email" }
  const email = address.identifier
  if (email === user.email) return { status: 400, error: "same-email" }
  const sent: AccountResult = { done: "email-sent", body: { sent: true } }
  const owner = await options.adapter!.getUserByEmail(email)
  const taken = owner !== null && owner.id !== user.id
  // Both mails at once: a free address's answer then waits for about one mail's sending, as a
  // taken one's (the notice only) does; one after the other, the time told which it was.
  await Promise.all([
    taken ? undefined : mailChangeLink(user, email, options),
    user.email ? mailNotice(user.email, email, options) : undefined,
  ])
  options.logger.debug("account: e-mail change requested", { taken })
  return sent
}

async function mailChangeLink(user: AdapterUser, email: string, options: InternalOptions): Promise<void> {
  const { token, code, expires } = await issueEmailChangeToken(user.id, email, options)
  const url = `${options.url.href.replace(/\/$/, "")}/account/email/confirm?${new URLSearchParams({ token })}`
  await sendLinkMail({ ...mailText("change", options, email), to: email, url, code, expires, label: '[account] "email-change"' }, options)
}

function mailNotice(oldAddress: string, email: string, options: InternalOptions): Promise<void> {
  const url = `${options.url.href.replace(/\/$/, "")}/account`
  return sendLinkMail({ ...mailText("notice", options, email), to: oldAddress, url, label: '[account] "email-change-notice"' }, options)
}

/**
 * POST {basePath}/account/email/confirm with the mail's `token`, or `email` and `code`: the signed-in
 * user (the one who asked: another user's session finds no mail) gets the new address, verified.
 * `updateUser` fires. A wrong, used, old or expired link or code: 400 `invalid-code`.
 */
export async function confirmEmailChange(request: RequestInternal, user: AdapterUser, options: InternalOptions): Promise<AccountResult> {
  const body = request.body ?? {}
  let email: string | undefined
  if (typeof body.token === "string") {
    email = await spendEmailChangeLink(user.id, body.token, options)
  } else {
    const address = readEmailIdentifier(body.email, emailProviderOf(options) ?? {})
    const code = readSubmittedCode(body.code)
    if (address.identifier && code && (await spendEmailChangeCode(user.id, address.identifier, code, options))) email = address.identifier
  }
  if (!email) return { status: 400, error: "invalid-code" }
  // Taken since the mail was sent: the proof stands, but two users never share an address.
  const owner = await options.adapter!.getUserByEmail(email)
  if (owner && owner.id !== user.id) return { status: 409, error: "email-taken" }
  const updated = await options.adapter!.updateUser({ id: user.id, email, emailVerified: new Date() })
  await emitEvent(options, "updateUser", { user: updated })
  return { done: "email-changed", body: { email }, cookies: await jwtSessionWithAddress(request, email, options) }
}

/**
 * With JWT sessions, this browser's session cookie written again holding the new address (its
 * expiry kept), so that GET /session says it at once; the user's other JWT sessions, each with the
 * old address sealed in, end (as after a password change: this instance at once, others within
 * `session.revocationCheckInterval`), so no copy says the old address for the rest of its life.
 * Nothing for database sessions, which read the user afresh.
 */
async function jwtSessionWithAddress(request: RequestInternal, email: string, options: InternalOptions): Promise<Cookie[]> {
  if (options.session.strategy !== "jwt") return []
  const { session } = await currentSession(request.cookies, options, "sets-no-cookies")
  if (session) await revokeFor(session, { scope: "others" }, options)
  const { jwtSession } = await currentUser(request.cookies, options)
  if (!jwtSession || typeof jwtSession.token.email !== "string") return []
  return sessionCookieHolding({ ...jwtSession.token, email }, request.cookies, options, { kept: keptExpiry(jwtSession.decoded, options) })
}

function emailProviderOf(options: InternalOptions): EmailConfig | undefined {
  return options.providers.find((p) => p.type === "email") as EmailConfig | undefined
}

function mailText(kind: "change" | "notice", options: InternalOptions, email: string) {
  const host = options.url.host
  return {
    subject: accountMessageText(options.locale, `mail.${kind}.subject`, { host }),
    body: accountMessageText(options.locale, `mail.${kind}.body`, { host, email }),
    codeLabel: accountMessageText(options.locale, "mail.code"),
  }
}
