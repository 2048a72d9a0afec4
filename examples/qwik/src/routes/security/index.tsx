import { $, component$, useSignal } from "@builder.io/qwik"
import { type DocumentHead, type RequestHandler, routeLoader$ } from "@builder.io/qwik-city"
import type { Session } from "@gatehouse/qwik"
import { authJson } from "../../auth/auth-json"

/** What GET /auth/second-factor answers a signed-in user who asks for JSON. */
interface SecondFactorMethods {
  totp: boolean
  backupCodesLeft: number
  passkeys: number
}

/** What POST /auth/second-factor/totp/enroll answers: the new secret, its otpauth:// URI and an SVG QR code of it. */
interface Enrolment {
  secret: string
  uri: string
  qr: string
}

/** The auth plugin ran first and left the session in sharedMap: no session, no page. */
export const onRequest: RequestHandler = (event) => {
  const session = event.sharedMap.get("session") as Session | null
  if (!session || new Date(session.expires) < new Date()) {
    throw event.redirect(302, `/?redirectTo=${encodeURIComponent(event.url.pathname)}`)
  }
}

/**
 * Where the user's second factor stands: the built-in endpoint's JSON answer, asked with the browser's
 * cookies (the same answer the built-in page works from).
 */
export const useSecondFactorMethods = routeLoader$((event) => authJson<SecondFactorMethods>(event, "/auth/second-factor"))

/**
 * A POST from the browser to one of the built-in second-factor endpoints, as JSON (they answer JSON when
 * asked for it). No CSRF token: @gatehouse/qwik turns core's off and refuses cross-site form posts itself,
 * and a cross-site page cannot send JSON here at all (the browser would need this site's CORS permission).
 */
async function post(path: string, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(`/auth/second-factor/${path}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(fields),
  })
}

/** The Security page: turn TOTP on (QR code, key, a code to confirm, backup codes shown once) or off. */
export default component$(() => {
  const loaded = useSecondFactorMethods()
  // What the page shows: the loader's answer, then what the browser's own requests changed.
  const methods = useSignal(loaded.value)
  const enrolment = useSignal<Enrolment | null>(null)
  const backupCodes = useSignal<string[] | null>(null)
  const code = useSignal("")
  const problem = useSignal("")
  const totpOn = methods.value?.totp === true

  const enrol = $(async () => {
    problem.value = ""
    const response = await post("totp/enroll")
    if (!response.ok) {
      problem.value = "Could not start the set-up. Reload the page and try again."
      return
    }
    enrolment.value = (await response.json()) as Enrolment
  })

  const confirm = $(async () => {
    problem.value = ""
    const response = await post("totp/confirm", { code: code.value })
    if (!response.ok) {
      problem.value = "That code is not right. Check your authenticator app's clock and try the current code."
      return
    }
    const codes = ((await response.json()) as { backupCodes: string[] }).backupCodes
    backupCodes.value = codes
    enrolment.value = null
    if (methods.value) methods.value = { ...methods.value, totp: true, backupCodesLeft: codes.length }
  })

  const disable = $(async () => {
    problem.value = ""
    const response = await post("disable")
    if (response.status === 401 && response.headers.get("www-authenticate")?.includes("insufficient_user_authentication")) {
      // Turning it off needs a recent sign-in (session.freshAge): the built-in re-authentication signs the same
      // user in again and comes back here.
      window.location.assign(`/auth/reauthenticate?${new URLSearchParams({ callbackUrl: "/security/" })}`)
      return
    }
    if (!response.ok) {
      problem.value = "Could not turn it off. Reload the page and try again."
      return
    }
    if (methods.value) methods.value = { ...methods.value, totp: false, backupCodesLeft: 0 }
  })

  return (
    <>
      <h1>Security</h1>
      <section aria-labelledby="two-step">
        <h2 id="two-step">Two-step verification</h2>
        {methods.value ? (
          <p id="totp-status" data-totp={totpOn ? "on" : "off"}>
            {totpOn
              ? `On: signing in asks for a code from your authenticator app. Backup codes left: ${methods.value.backupCodesLeft}.`
              : "Off: signing in does not ask for a code."}
          </p>
        ) : (
          <p id="totp-status" data-totp="unknown">
            The status could not be read.
          </p>
        )}
        {problem.value && (
          <p role="alert" id="security-problem">
            {problem.value}
          </p>
        )}
        {backupCodes.value ? (
          <div id="backup-codes">
            <p>
              Two-step verification is on. Keep these backup codes somewhere safe: each one signs you in once without your app. They are
              shown only now.
            </p>
            <ul>
              {backupCodes.value.map((backupCode) => (
                <li key={backupCode}>
                  <code>{backupCode}</code>
                </li>
              ))}
            </ul>
            <button type="button" onClick$={() => (backupCodes.value = null)}>
              I have saved them
            </button>
          </div>
        ) : enrolment.value ? (
          <div id="enrolment">
            <p>Scan this code with your authenticator app, or type the key in by hand, then enter the code the app shows.</p>
            {/* The QR code is an SVG made by the auth server from the otpauth:// URI, not from anything a user typed. */}
            <figure id="totp-qr" dangerouslySetInnerHTML={enrolment.value.qr} />
            <p>
              Key: <code id="totp-secret">{enrolment.value.secret}</code>
            </p>
            <form preventdefault:submit onSubmit$={confirm}>
              <label>
                Code <input bind:value={code} name="code" inputMode="numeric" autoComplete="one-time-code" required id="totp-code" />
              </label>
              <button type="submit" id="totp-confirm">
                Turn on
              </button>
            </form>
          </div>
        ) : totpOn ? (
          <>
            <p>Turning it off needs a recent sign-in: after a while you are asked to sign in again first.</p>
            <button type="button" onClick$={disable} id="totp-disable">
              Turn off two-step verification
            </button>
          </>
        ) : (
          methods.value && (
            <button type="button" onClick$={enrol} id="totp-enroll">
              Set up an authenticator app
            </button>
          )
        )}
      </section>
    </>
  )
})

export const head: DocumentHead = { title: "Security · Gatehouse · Qwik City" }
