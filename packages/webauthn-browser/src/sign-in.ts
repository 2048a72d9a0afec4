import { startAuthentication, startRegistration } from "@simplewebauthn/browser"
import { fetchCeremonyOptions } from "./fetch-ceremony-options.js"
import { postCeremonyResponse } from "./post-ceremony-response.js"
import type { PasskeySignInOptions, PasskeySignInResult } from "./types.js"

/**
 * Signs in (or up) with a passkey: asks the server for options, runs the browser's WebAuthn
 * ceremony, posts the result to `/callback/<provider>`. With `redirect` (the default) the page
 * then goes where the server says; otherwise the result is returned.
 *
 * ```ts
 * await signIn("passkey")                                            // sign in
 * await signIn("passkey", { action: "register", email })            // sign up, or add a passkey
 * signIn("passkey", { useBrowserAutofill: true })                    // passkey autofill
 * ```
 *
 * Rejects when the browser ceremony fails or is cancelled (a DOMException such as
 * NotAllowedError, or AbortError when another ceremony replaced an autofill one).
 */
export async function signIn(provider = "passkey", options: PasskeySignInOptions = {}): Promise<PasskeySignInResult | undefined> {
  const { basePath = "/auth", redirect = true, email, useBrowserAutofill = false, fields = {} } = options
  const callbackUrl = options.callbackUrl ?? window.location.href
  const action = useBrowserAutofill ? "authenticate" : options.action
  const base = basePath.replace(/\/+$/, "")

  const fetched = await fetchCeremonyOptions(base, provider, action, { ...fields, ...(email ? { email } : {}) })
  if ("error" in fetched) {
    return { error: fetched.error, code: undefined, status: fetched.status, ok: false, url: null }
  }
  const { ceremony } = fetched
  const data =
    ceremony.action === "register"
      ? await startRegistration({ optionsJSON: ceremony.options })
      : await startAuthentication({ optionsJSON: ceremony.options, useBrowserAutofill })

  const answer = await postCeremonyResponse(base, provider, {
    action: ceremony.action,
    data: JSON.stringify(data),
    callbackUrl,
  })
  const url = answer.url ?? callbackUrl
  if (redirect) {
    window.location.href = url
    // Only the hash changed: the browser would not load the page again by itself.
    if (url.includes("#")) window.location.reload()
    return undefined
  }
  const failure = answer.url ? new URL(answer.url, window.location.href).searchParams : undefined
  const error = failure?.get("error") ?? undefined
  return {
    error,
    code: failure?.get("code") ?? undefined,
    status: answer.status,
    ok: answer.ok && !error,
    url: error ? null : url,
  }
}
