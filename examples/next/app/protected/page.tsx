import { redirect } from "next/navigation"
import { auth } from "../../auth"
import { ClientSession } from "../../components/client-session"
import { RouteSession } from "../../components/route-session"
import { ServerSession } from "../../components/server-session"
import { SessionPanel } from "../../components/session-panel"
import { renameOnServer } from "../actions"

export default async function ProtectedPage() {
  // proxy.ts already turned anonymous visitors away; checking again here means a proxy that is skipped
  // or misconfigured cannot expose the page.
  const session = await auth()
  if (!session?.user) redirect("/signin?callbackUrl=/protected")
  return (
    <>
      <h1 data-testid="protected-title">Protected</h1>
      <p className="lead">
        Only signed-in visitors get here: <code>proxy.ts</code> checks first, the page checks again.
      </p>
      <div className="grid">
        <SessionPanel />
        <ServerSession />
        <ClientSession />
        <RouteSession />
        <section className="card">
          <h2>Server action</h2>
          <p className="hint">
            <code>unstable_update()</code> from the server
          </p>
          <form action={renameOnServer} className="row">
            <input name="name" aria-label="Name set on the server" data-testid="server-new-name" />
            <button type="submit" data-testid="server-update">
              Rename with unstable_update()
            </button>
          </form>
        </section>
      </div>
    </>
  )
}
