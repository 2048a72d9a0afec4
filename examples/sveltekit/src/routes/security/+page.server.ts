import { redirect } from "@sveltejs/kit"
import type { PageServerLoad } from "./$types"

/** What GET /auth/second-factor answers a signed-in user who asks for JSON. */
interface SecondFactorMethods {
  totp: boolean
  backupCodesLeft: number
  passkeys: number
}

// The Security page: where the user's second factor stands. `event.fetch` reaches the auth routes in
// this process (no network hop) with the browser's cookies, so the answer is the one the built-in page
// works from.
export const load: PageServerLoad = async (event) => {
  const session = await event.locals.auth()
  if (!session?.user) redirect(303, `/signin?${new URLSearchParams({ callbackUrl: event.url.pathname })}`)
  const response = await event.fetch("/auth/second-factor", { headers: { accept: "application/json" } })
  const methods = response.ok ? ((await response.json()) as SecondFactorMethods) : null
  return { methods }
}
