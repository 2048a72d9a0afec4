import { auth } from "../auth"
import { ClientSession } from "../components/client-session"
import { PasskeySignIn } from "../components/passkey-sign-in"
import { RouteSession } from "../components/route-session"
import { ServerSession } from "../components/server-session"
import { SessionPanel } from "../components/session-panel"

export default async function Home() {
  const session = await auth()
  return (
    <>
      <h1>Gatehouse × Next.js</h1>
      <p className="lead">
        Sign in with username <code>demo</code> and password <code>demo</code>, a passkey, the local OpenID provider or an e-mail link, then
        visit the protected page. Every view below reads the same session its own way.
      </p>
      <div className="grid">
        <SessionPanel />
        <ServerSession />
        <ClientSession />
        <RouteSession />
        {!session?.user && (
          <section className="card" aria-labelledby="passkeys">
            <h2 id="passkeys">Passkeys</h2>
            <PasskeySignIn callbackUrl="/" />
          </section>
        )}
      </div>
    </>
  )
}
