import { auth, signOut } from "../../../auth"

// JSON sign-out for scripts and native clients. A cross-site POST (another site signing the
// visitor out) is refused by signOut itself.
export const POST = auth(async () => {
  await signOut({ redirect: false })
  return Response.json({ signedOut: true })
})
