import { redirect } from "@sveltejs/kit"
import type { PageServerLoad } from "./$types"

// The Account page: the signed-in user's account, as GET /auth/account answers it in JSON, read on the
// server by `locals.account()` (core's getAccount, no request to the route). The page's forms post straight
// to the account endpoints, which send the browser back here (pages.account) with ?done= or ?error=.
export const load: PageServerLoad = async (event) => {
  const session = await event.locals.auth()
  if (!session?.user) redirect(303, `/signin?${new URLSearchParams({ callbackUrl: event.url.pathname })}`)
  const account = await event.locals.account()
  return { account, done: event.url.searchParams.get("done"), error: event.url.searchParams.get("error") }
}
