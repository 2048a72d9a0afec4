import { MissingCSRF } from "@gatehouse/next"
import { auth, signOut } from "../../../auth"

// JSON sign-out for scripts and native clients. A cross-site POST (another site signing the
// visitor out) is refused by signOut itself, with MissingCSRF.
export const POST = auth(async () => {
  try {
    await signOut({ redirect: false })
  } catch (error) {
    if (error instanceof MissingCSRF) return Response.json({ error: "MissingCSRF" }, { status: 403 })
    throw error
  }
  return Response.json({ signedOut: true })
})
