import { fail, redirect } from "@sveltejs/kit"
import type { Actions, PageServerLoad } from "./$types"

// "Your devices": every session of the signed-in user, this one marked. Revoking happens in form
// actions only (POST, which SvelteKit refuses cross-site), never in the load.
export const load: PageServerLoad = async (event) => {
  const devices = await event.locals.sessions.list()
  if (!devices) redirect(303, `/signin?${new URLSearchParams({ callbackUrl: event.url.pathname })}`)
  // The current device first, then the most recently seen.
  devices.sort((a, b) => Number(b.current) - Number(a.current) || (b.lastSeenAt ?? "").localeCompare(a.lastSeenAt ?? ""))
  return { devices }
}

export const actions: Actions = {
  revoke: async (event) => {
    const sessionId = (await event.request.formData()).get("sessionId")
    if (typeof sessionId !== "string" || !sessionId) return fail(400, { message: "Choose a device to sign out." })
    const { revoked } = await event.locals.sessions.revoke(sessionId)
    return { message: revoked ? "That device is signed out." : "That device was already signed out." }
  },
  others: async (event) => {
    const { revoked } = await event.locals.sessions.revokeOthers()
    return { message: `Signed out of ${revoked} other ${revoked === 1 ? "device" : "devices"}.` }
  },
  all: async (event) => {
    await event.locals.sessions.revokeAll()
    // This browser is signed out too (its cookie is cleared in this response).
    redirect(303, "/")
  },
}
