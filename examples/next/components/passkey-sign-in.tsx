"use client"
import { browserSupportsWebAuthnAutofill, signIn, type PasskeySignInResult } from "@gatehouse/next/webauthn"
import { useEffect, useState } from "react"

type Failure = { error: string; message: string }

const messages: Record<string, string> = {
  WebAuthnVerificationError: "That passkey could not be verified.",
  // The server refuses a sign-up for an e-mail address that already has an account.
  "Invalid request": "Could not start: if this e-mail already has an account, sign in with its passkey instead.",
  NotAllowedError: "The passkey prompt was cancelled or timed out.",
  InvalidStateError: "This device already holds a passkey for that account.",
}

function failureOf(error: string): Failure {
  return { error, message: messages[error] ?? "Passkey sign-in failed." }
}

/**
 * Passkeys with @gatehouse/next/webauthn: sign up with an e-mail address (a new account and its
 * first passkey), or sign in with a passkey this device holds for the site. With `autofill` (the
 * sign-in page) the browser also offers the site's passkeys among the e-mail field's suggestions.
 *
 * Each ceremony runs with `redirect: false`, so failures are shown here; a success loads the
 * landing page in full, so server components render with the new session.
 */
export function PasskeySignIn({ callbackUrl, autofill = false }: { callbackUrl: string; autofill?: boolean }) {
  const [email, setEmail] = useState("")
  const [failure, setFailure] = useState<Failure | null>(null)

  function settle(result: PasskeySignInResult | undefined) {
    if (result?.ok && result.url) window.location.assign(result.url)
    else setFailure(failureOf(result?.error ?? "Unknown"))
  }

  /** A ceremony the browser ended (cancelled, timed out, refused): a DOMException named for why. */
  function ceremonyFailed(error: unknown) {
    setFailure(failureOf(error instanceof Error ? error.name : "Unknown"))
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: settle only reads setters and window; the effect runs once per autofill mode
  useEffect(() => {
    if (!autofill) return
    let active = true
    ;(async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return
      const result = await signIn("passkey", { useBrowserAutofill: true, redirectTo: callbackUrl, redirect: false })
      if (active) settle(result)
    })().catch(() => {
      // AbortError when a button below started its own ceremony; autofill is a convenience, and
      // the buttons report their own failures.
    })
    return () => {
      active = false
    }
  }, [autofill, callbackUrl])

  return (
    <form
      className="stack"
      onSubmit={async (event) => {
        event.preventDefault()
        setFailure(null)
        await signIn("passkey", { action: "register", email, redirectTo: callbackUrl, redirect: false }).then(settle, ceremonyFailed)
      }}
    >
      {failure && (
        <p role="alert" className="alert" data-testid="passkey-error" data-error={failure.error}>
          {failure.message} ({failure.error})
        </p>
      )}
      <label>
        E-mail{" "}
        <input
          type="email"
          required
          // "webauthn" lets the browser offer passkeys here (autofill); "username" keeps password managers useful.
          autoComplete="username webauthn"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="passkey-email"
        />
      </label>
      <button type="submit" data-testid="passkey-sign-up">
        Sign up with a passkey
      </button>
      <button
        type="button"
        className="secondary"
        data-testid="passkey-sign-in"
        onClick={async () => {
          setFailure(null)
          await signIn("passkey", { action: "authenticate", redirectTo: callbackUrl, redirect: false }).then(settle, ceremonyFailed)
        }}
      >
        Sign in with a passkey
      </button>
    </form>
  )
}
