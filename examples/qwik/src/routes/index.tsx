import { component$ } from "@builder.io/qwik"
import { routeLoader$, type DocumentHead } from "@builder.io/qwik-city"
import { signInOptions } from "../auth/options"
import { SignInForms } from "../components/sign-in-forms"
import { SignOutForm } from "../components/sign-out-form"
import { useSession } from "./plugin@auth"

/**
 * Where to go after signing in (a page of this site from ?redirectTo= or ?callbackUrl=, else this page), and
 * why the last sign-in was refused: this is the app's sign-in page (`pages.signIn`), so a refusal lands here
 * with ?error=<type>&code=<code>.
 */
export const useSignInTarget = routeLoader$((event) => {
  // ?callbackUrl= (a full URL) is what core adds when it sends a browser here, e.g. to re-authenticate.
  const requested = event.url.searchParams.get("redirectTo") ?? event.url.searchParams.get("callbackUrl") ?? "/"
  const target = URL.canParse(requested, event.url.origin) ? new URL(requested, event.url.origin) : null
  // Only pages of this site: anything else would make the sign-in page an open redirect.
  const redirectTo = target?.origin === event.url.origin ? target.href : new URL("/", event.url.origin).href
  const error = event.url.searchParams.get("error")
  const refused = error ? { error, code: event.url.searchParams.get("code") ?? undefined } : undefined
  // Core sends a signed-in browser here with ?callbackUrl= to sign in again (a step-up, e.g. before turning the
  // second factor off): the forms are shown to it too.
  const signInAgain = event.url.searchParams.has("callbackUrl")
  return { redirectTo, offered: signInOptions(event.env), refused, signInAgain }
})

export default component$(() => {
  const session = useSession()
  const target = useSignInTarget()
  return (
    <>
      <h1>Gatehouse · Qwik City</h1>
      {session.value && target.value.signInAgain && <p id="sign-in-again">Sign in again to go on.</p>}
      {session.value && !target.value.signInAgain ? (
        <section>
          <p>
            Welcome, <strong id="user-name">{session.value.user?.name}</strong> (<span id="user-email">{session.value.user?.email}</span>)
          </p>
          <pre id="session-json">{JSON.stringify(session.value, null, 2)}</pre>
          <SignOutForm />
        </section>
      ) : (
        <SignInForms redirectTo={target.value.redirectTo} offered={target.value.offered} refused={target.value.refused} />
      )}
    </>
  )
})

export const head: DocumentHead = { title: "Gatehouse · Qwik City" }
