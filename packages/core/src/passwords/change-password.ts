import type { InternalOptions } from "../providers/types.js"
import { MissingCSRF } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { noStoreHeaders } from "../http/session-chunks.js"
import { currentSession } from "../sessions/current-session.js"
import { revokeFor } from "../sessions/revoke-user-sessions.js"
import { refuseUnlessRecent } from "../step-up/refuse-unless-recent.js"
import type { ResponseInternal } from "../types.js"
import { hashPassword, owaspScrypt, verifyPassword } from "./hash-password.js"
import { judgeNewPassword } from "./password-policy.js"
import { readPasswordField } from "./password-input.js"
import { notifyChanged } from "./reset-password.js"

type ChangeAnswer = { changed: true; revoked: number } | { error: string; message?: string }

/**
 * POST /password/change (signed in) with `currentPassword` and `password`: JSON, never a redirect.
 * 200 `{ changed, revoked }` once the password is set and the user's other sessions are ended;
 * 401 when nobody is signed in; 400 `{ error }` for a wrong current password
 * (`invalid_credentials`) or a refused new one (`password_<problem>`). Without `currentPassword`
 * the session must have signed in recently (`session.freshAge`, step-up): otherwise RFC 9470's 401
 * (`insufficient_user_authentication`), or for a page a redirect to `{basePath}/reauthenticate`.
 */
export async function changePassword(
  request: RequestInternal,
  options: InternalOptions<"password">,
): Promise<ResponseInternal<ChangeAnswer>> {
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a password change")
  const provider = options.provider
  const adapter = options.adapter!
  const refuse = (status: number, error: string, message?: string): ResponseInternal<ChangeAnswer> => ({
    status,
    headers: { ...noStoreHeaders },
    body: { error, ...(message ? { message } : {}) },
  })
  const { session, reissued } = await currentSession(request.cookies, options)
  // Only an adapter user has a password here (an app's own credentials user has none of ours).
  if (session?.owner.kind !== "user") return refuse(401, "not_signed_in")
  const user = await adapter.getUser(session.owner.userId)
  if (!user?.email) return refuse(400, "no_address")
  const params = provider.hashing ?? owaspScrypt

  const current = readPasswordField(request.body?.currentPassword)
  if (current === undefined) {
    // Without the current password, only a recent sign-in may change it (the shared step-up check:
    // a page is sent to re-authenticate, an API gets RFC 9470's 401).
    const refusal = await refuseUnlessRecent(request, options)
    if (refusal) return refusal as ResponseInternal<ChangeAnswer>
  } else {
    const stored = await adapter.getPasswordHash(user.id)
    if (!stored || !(await verifyPassword(current, stored, params)).ok) return refuse(400, "invalid_credentials")
  }

  const password = readPasswordField(request.body?.password)
  const verdict = password === undefined ? { problem: "too_short" as const } : await judgeNewPassword(password, user.email, options)
  if (verdict) return refuse(400, `password_${verdict.problem}`, verdict.message)

  await adapter.setPasswordHash(user.id, await hashPassword(password!, params))
  const { revoked } = await revokeFor(session, { scope: "others" }, options)
  await notifyChanged(user.email, options)
  return { headers: { ...noStoreHeaders }, body: { changed: true, revoked }, cookies: reissued }
}
