import type { InternalOptions } from "../../config/internal-options.js"
import { CallbackRouteError, CredentialsSignin, MissingCSRF, AuthError } from "../../errors.js"
import { emitEvent } from "../../events/emit-event.js"
import type { RequestInternal } from "../../http/request-internal.js"
import { runSignInCallback } from "../../login/run-sign-in-callback.js"
import { startSession } from "../../session/start-session.js"
import type { Account, ResponseInternal, User } from "../../types.js"

/**
 * POST /callback/<credentials id>: the app's `authorize` decides. The session is always a JWT
 * (no adapter call), as in Auth.js.
 */
export async function credentialsCallback(
  request: RequestInternal,
  options: InternalOptions<"credentials">,
): Promise<ResponseInternal> {
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a credentials sign-in")
  const provider = options.provider
  const credentials = request.body ?? {}

  let user: User | null
  try {
    user = await provider.authorize(credentials, authorizeRequest(request, credentials))
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new CallbackRouteError(error as Error, { provider: provider.id })
  }
  if (!user) throw new CredentialsSignin()

  const id = user.id === undefined || user.id === null ? crypto.randomUUID() : String(user.id)
  user = { ...user, id }
  const account: Account = { providerAccountId: id, type: "credentials", provider: provider.id }
  const redirect = await runSignInCallback({ user, account, credentials: credentials as any }, options)
  if (redirect) return { redirect }

  const cookies = await startSession({ user, account }, request.cookies, options, true)
  await emitEvent(options, "signIn", { user, account })
  return { redirect: options.callbackUrl, cookies }
}

/** The `Request` handed to `authorize`: the callback URL, the caller's headers, a JSON body. */
function authorizeRequest(request: RequestInternal, credentials: Record<string, unknown>): Request {
  const headers = new Headers(request.headers)
  headers.delete("content-length")
  headers.set("content-type", "application/json")
  return new Request(request.url, { method: "POST", headers, body: JSON.stringify(credentials) })
}
