import { component$ } from "@builder.io/qwik"
import { routeLoader$, type DocumentHead } from "@builder.io/qwik-city"
import { signInOptions } from "../auth/options"
import { SignInForms } from "../components/sign-in-forms"
import { SignOutForm } from "../components/sign-out-form"
import { useSession } from "./plugin@auth"

/**
 * Where to go after signing in (a same-site path from ?redirectTo=, else this page), and why the last
 * sign-in was refused: this is the app's sign-in page (`pages.signIn`), so a refusal lands here with
 * ?error=<type>&code=<code>.
 */
export const useSignInTarget = routeLoader$((event) => {
  const requested = event.url.searchParams.get("redirectTo")
  const path = requested && requested.startsWith("/") && !requested.startsWith("//") ? requested : "/"
  const error = event.url.searchParams.get("error")
  const refused = error ? { error, code: event.url.searchParams.get("code") ?? undefined } : undefined
  return { redirectTo: new URL(path, event.url.origin).href, offered: signInOptions(event.env), refused }
})

export default component$(() => {
  const session = useSession()
  const target = useSignInTarget()
  return (
    <>
      <h1>Gatehouse · Qwik City</h1>
      {session.value ? (
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
