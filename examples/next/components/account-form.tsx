"use client"
import { getCsrfToken } from "@gatehouse/next/react"
import { createContext, type ReactNode, useContext, useEffect, useState } from "react"

const CsrfToken = createContext("")

/**
 * Fetches the CSRF token once for the forms inside. Once, not per form: without a CSRF cookie yet, every
 * GET /api/auth/csrf sets a new one, and only the token of the last would still match.
 */
export function CsrfTokenProvider({ children }: { children: ReactNode }) {
  const [csrfToken, setCsrfToken] = useState("")
  useEffect(() => {
    getCsrfToken().then(setCsrfToken, () => setCsrfToken(""))
  }, [])
  return <CsrfToken.Provider value={csrfToken}>{children}</CsrfToken.Provider>
}

/**
 * A plain form posting to one of the account endpoints under /api/auth/account, with the CSRF token every
 * POST there needs (from the `CsrfTokenProvider` around it). Until the token is there the form's controls are
 * disabled (a fieldset), so nothing is sent without it. The endpoint sends the browser back to the Account page
 * (pages.account) with ?done= or ?error=.
 */
export function AccountForm({ action, children }: { action: string; children: ReactNode }) {
  const csrfToken = useContext(CsrfToken)
  return (
    <form method="post" action={`/api/auth/account/${action}`}>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <fieldset disabled={!csrfToken} className="plain">
        {children}
      </fieldset>
    </form>
  )
}
