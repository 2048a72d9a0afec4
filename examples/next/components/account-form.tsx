"use client"
import { getCsrfToken } from "@gatehouse/next/react"
import { type ReactNode, useEffect, useState } from "react"

/**
 * A plain form posting to one of the account endpoints under /api/auth/account, with the CSRF token every
 * POST there needs. The token is fetched once the page runs; until then the form's controls are disabled
 * (a fieldset), so nothing is sent without it. The endpoint sends the browser back to the Account page
 * (pages.account) with ?done= or ?error=.
 */
export function AccountForm({ action, children }: { action: string; children: ReactNode }) {
  const [csrfToken, setCsrfToken] = useState("")
  useEffect(() => {
    getCsrfToken().then(setCsrfToken, () => setCsrfToken(""))
  }, [])
  return (
    <form method="post" action={`/api/auth/account/${action}`}>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <fieldset disabled={!csrfToken} className="plain">
        {children}
      </fieldset>
    </form>
  )
}
