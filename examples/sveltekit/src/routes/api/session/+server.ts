import { json } from "@sveltejs/kit"
import type { RequestHandler } from "./$types"

/** The session as `event.locals.auth()` sees it, for scripts and the end-to-end tests. */
export const GET: RequestHandler = async (event) => json(await event.locals.auth())
