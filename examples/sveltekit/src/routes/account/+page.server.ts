import { redirect } from "@sveltejs/kit"
import type { AccountSummary } from "@gatehouse/sveltekit/account"
import type { PageServerLoad } from "./$types"

// The Account page: what GET /auth/account answers the signed-in user as JSON. `event.fetch` reaches the
// auth routes in this process (no network hop) with the browser's cookies. The page's forms post straight
// to the account endpoints, which send the browser back here (pages.account) with ?done= or ?error=.
export const load: PageServerLoad = async (event) => {
  const session = await event.locals.auth()
  if (!session?.user) redirect(303, `/signin?${new URLSearchParams({ callbackUrl: event.url.pathname })}`)
  const response = await event.fetch("/auth/account", { headers: { accept: "application/json" } })
  const account = response.ok ? ((await response.json()) as AccountSummary) : null
  return { account, done: event.url.searchParams.get("done"), error: event.url.searchParams.get("error") }
}
