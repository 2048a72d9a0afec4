import { auth } from "../auth"

/** A server component: reads the session with `await auth()`. */
export async function ServerSession() {
  const session = await auth()
  return (
    <section className="card">
      <h2>Server component</h2>
      <p className="hint">
        <code>await auth()</code> while rendering
      </p>
      <p data-testid="server-session">{session?.user ? `${session.user.name} <${session.user.email}>` : "signed out"}</p>
    </section>
  )
}
