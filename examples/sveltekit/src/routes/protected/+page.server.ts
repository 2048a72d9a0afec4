import { redirect } from "@sveltejs/kit"
import type { PageServerLoad } from "./$types"

// Protected per page: the load itself checks the session and sends strangers to sign in (303).
export const load: PageServerLoad = async (event) => {
  const session = await event.locals.auth()
  if (!session?.user) {
    redirect(303, `/signin?${new URLSearchParams({ callbackUrl: event.url.pathname })}`)
  }
  return { sessionFromLoad: session }
}
