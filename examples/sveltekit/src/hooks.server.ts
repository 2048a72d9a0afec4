import { redirect, type Handle } from "@sveltejs/kit"
import { sequence } from "@sveltejs/kit/hooks"
import { handle as authentication } from "./auth"

/** Everything under /dashboard needs a signed-in user, pages, actions and endpoints alike. */
const authorization: Handle = async ({ event, resolve }) => {
  if (event.url.pathname === "/dashboard" || event.url.pathname.startsWith("/dashboard/")) {
    const session = await event.locals.auth()
    if (!session?.user) {
      redirect(303, `/signin?${new URLSearchParams({ callbackUrl: event.url.pathname + event.url.search })}`)
    }
  }
  return resolve(event)
}

export const handle = sequence(authentication, authorization)
