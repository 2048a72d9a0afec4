import { component$ } from "@builder.io/qwik"
import type { RequestHandler } from "@builder.io/qwik-city"
import type { Session } from "@gatehouse/qwik"
import { useSession } from "../plugin@auth"

/** The auth plugin ran first and left the session in sharedMap: no session, no page. */
export const onRequest: RequestHandler = (event) => {
  const session = event.sharedMap.get("session") as Session | null
  if (!session || new Date(session.expires) < new Date()) {
    throw event.redirect(302, `/?redirectTo=${encodeURIComponent(event.url.pathname)}`)
  }
}

export default component$(() => {
  const session = useSession()
  return (
    <>
      <h1>Protected</h1>
      <p id="protected-content">Only signed-in visitors see this, {session.value?.user?.name}.</p>
    </>
  )
})
