"use client"
import { signIn } from "@gatehouse/next/react"
import { useState } from "react"

/** The same credentials sign-in from the browser, with @gatehouse/next/react's signIn (redirect: false). */
export function ClientSignIn({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null)
  return (
    <form
      className="stack"
      onSubmit={async (event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        const result = await signIn("credentials", {
          username: form.get("username"),
          password: form.get("password"),
          redirectTo: callbackUrl,
          redirect: false,
        })
        if (result?.ok && result.url) window.location.assign(result.url)
        else setError(result?.error ?? "Sign in failed")
      }}
    >
      {error && (
        <p role="alert" className="alert" data-testid="client-error">
          {error}
        </p>
      )}
      <label>
        Username <input name="username" data-testid="client-username" />
      </label>
      <label>
        Password <input name="password" type="password" data-testid="client-password" />
      </label>
      <button type="submit" data-testid="client-submit">
        Sign in from the browser
      </button>
    </form>
  )
}
