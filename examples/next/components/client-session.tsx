"use client"
import { signOut, useSession } from "@gatehouse/next/react"
import { useState } from "react"

/** A client component: `useSession()` and `update()`. */
export function ClientSession() {
  const { data: session, status, update } = useSession()
  const [name, setName] = useState("")
  return (
    <section className="card">
      <h2>Client component</h2>
      <p className="hint">
        <code>useSession()</code>, <code>update()</code>
      </p>
      <p data-testid="client-status">{status}</p>
      <p data-testid="client-session">{session?.user ? `${session.user.name} <${session.user.email}>` : "signed out"}</p>
      {session?.user && (
        <form
          className="stack"
          onSubmit={async (event) => {
            event.preventDefault()
            await update({ user: { name } })
          }}
        >
          <div className="row">
            <input aria-label="New name" data-testid="client-new-name" value={name} onChange={(e) => setName(e.target.value)} />
            <button type="submit" data-testid="client-update">
              Rename with update()
            </button>
          </div>
          <button type="button" className="secondary" data-testid="client-sign-out" onClick={() => signOut({ redirectTo: "/" })}>
            Sign out from the browser
          </button>
        </form>
      )}
    </section>
  )
}
