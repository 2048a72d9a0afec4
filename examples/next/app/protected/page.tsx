import { redirect } from "next/navigation"
import { auth } from "../../auth"
import { ClientSession } from "../../components/client-session"
import { RouteSession } from "../../components/route-session"
import { ServerSession } from "../../components/server-session"
import { renameOnServer } from "../actions"

export default async function ProtectedPage() {
  // proxy.ts already turned anonymous visitors away; checking again here means a proxy that is skipped
  // or misconfigured cannot expose the page.
  const session = await auth()
  if (!session?.user) redirect("/signin?callbackUrl=/protected")
  return (
    <>
      <h1 data-testid="protected-title">Protected</h1>
      <ServerSession />
      <ClientSession />
      <RouteSession />
      <section>
        <h2>Server action</h2>
        <form action={renameOnServer}>
          <input name="name" aria-label="Name set on the server" data-testid="server-new-name" />
          <button type="submit" data-testid="server-update">Rename with unstable_update()</button>
        </form>
      </section>
    </>
  )
}
