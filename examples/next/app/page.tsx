import { ClientSession } from "../components/client-session"
import { RouteSession } from "../components/route-session"
import { ServerSession } from "../components/server-session"

export default function Home() {
  return (
    <>
      <h1>Gatehouse × Next.js</h1>
      <p>
        Sign in with username <code>demo</code> and password <code>demo</code>, then visit the protected page.
      </p>
      <ServerSession />
      <ClientSession />
      <RouteSession />
    </>
  )
}
