import type { LayoutServerLoad } from "./$types"

// Every page gets the session as `page.data.session`. Authorization does not belong here:
// a layout load is not guaranteed to run for every child request.
export const load: LayoutServerLoad = async (event) => {
  return { session: await event.locals.auth() }
}
