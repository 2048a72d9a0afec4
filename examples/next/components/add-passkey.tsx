"use client"
import { signIn } from "@gatehouse/next/webauthn"
import { useState } from "react"

/**
 * One more passkey for the signed-in user (@gatehouse/next/webauthn's `register` ceremony). With two-step
 * verification on, any of the user's passkeys also answers the check instead of a code.
 */
export function AddPasskey() {
  const [failure, setFailure] = useState<string | null>(null)
  return (
    <>
      {failure && (
        <p role="alert" className="alert" data-testid="add-passkey-error">
          The passkey was not added ({failure}).
        </p>
      )}
      <button
        type="button"
        className="secondary"
        data-testid="add-passkey"
        onClick={async () => {
          setFailure(null)
          try {
            const result = await signIn("passkey", { action: "register", redirectTo: "/security", redirect: false })
            // A full load: the server component counts the new passkey.
            if (result?.ok) window.location.assign("/security")
            else setFailure(result?.error ?? "Unknown")
          } catch (error) {
            setFailure(error instanceof Error ? error.name : "Unknown")
          }
        }}
      >
        Add a passkey
      </button>
    </>
  )
}
