"use client"
import { useState } from "react"

/** Asks the route handler (`auth((req) => …)`) who is signed in. */
export function RouteSession() {
  const [answer, setAnswer] = useState("not asked yet")
  return (
    <section className="card">
      <h2>Route handler</h2>
      <p className="hint">
        <code>auth((req) =&gt; …)</code> in <code>/api/whoami</code>
      </p>
      <button
        type="button"
        className="secondary"
        data-testid="ask-route"
        onClick={async () => {
          const response = await fetch("/api/whoami", { cache: "no-store" })
          const { session } = await response.json()
          setAnswer(session?.user ? `${session.user.name} <${session.user.email}>` : "signed out")
        }}
      >
        Ask /api/whoami
      </button>
      <p data-testid="route-session">{answer}</p>
    </section>
  )
}
