import { auth } from "../auth"
import { ClientSession } from "../components/client-session"
import { PasskeySignIn } from "../components/passkey-sign-in"
import { RouteSession } from "../components/route-session"
import { ServerSession } from "../components/server-session"

export default async function Home() {
  const session = await auth()
  return (
    <>
      <h1>Gatehouse × Next.js</h1>
      <p>
        Sign in with username <code>demo</code> and password <code>demo</code>, then visit the protected page.
      </p>
      <ServerSession />
      <ClientSession />
      <RouteSession />
      {!session?.user && (
        <section>
          <h2>Passkeys</h2>
          <PasskeySignIn callbackUrl="/" />
        </section>
      )}
    </>
  )
}
