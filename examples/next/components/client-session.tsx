"use client"
import { signOut, useSession } from "@gatehouse/next/react"
import { useState } from "react"

/** A client component: `useSession()` and `update()`. */
export function ClientSession() {
  const { data: session, status, update } = useSession()
  const [name, setName] = useState("")
  return (
    <section>
      <h2>Client component</h2>
      <p data-testid="client-status">{status}</p>
      <p data-testid="client-session">{session?.user ? `${session.user.name} <${session.user.email}>` : "signed out"}</p>
      {session?.user && (
        <form
          onSubmit={async (event) => {
            event.preventDefault()
            await update({ user: { name } })
          }}
        >
          <input aria-label="New name" data-testid="client-new-name" value={name} onChange={(e) => setName(e.target.value)} />
          <button type="submit" data-testid="client-update">Rename with update()</button>
          <button type="button" data-testid="client-sign-out" onClick={() => signOut({ redirectTo: "/" })}>
            Sign out from the browser
          </button>
        </form>
      )}
    </section>
  )
}
