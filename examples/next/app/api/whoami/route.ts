import { auth } from "../../../auth"

// A route handler wrapped by auth(): req.auth is the session (or null).
export const GET = auth((req) => {
  if (!req.auth) return Response.json({ session: null }, { status: 401 })
  return Response.json({ session: req.auth })
})
