import { MissingCSRF } from "@gatehouse/next"
import { auth, unstable_update } from "../../../auth"

// JSON for scripts and native clients: POST { "name": "…" } renames the signed-in user, as the
// rename form's server action does. Wrapped in auth() so the answer carrying the updated session
// cookie is kept out of shared caches; a cross-site POST is refused by unstable_update itself, with MissingCSRF.
export const POST = auth(async (req) => {
  if (!req.auth?.user) return Response.json({ error: "not signed in" }, { status: 401 })
  const body = (await req.json().catch(() => null)) as { name?: unknown } | null
  if (typeof body?.name !== "string" || !body.name.trim()) return Response.json({ error: "name required" }, { status: 400 })
  try {
    const session = await unstable_update({ user: { name: body.name } })
    return Response.json({ name: session?.user?.name ?? null })
  } catch (error) {
    if (error instanceof MissingCSRF) return Response.json({ error: "MissingCSRF" }, { status: 403 })
    throw error
  }
})
