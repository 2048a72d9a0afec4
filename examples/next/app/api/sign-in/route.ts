import { CredentialsSignin, MissingCSRF } from "@gatehouse/next"
import { auth, signIn } from "../../../auth"

// JSON sign-in for scripts and native clients: POST { "username", "password" } signs in with the
// demo credentials. A cross-site POST (another site's form signing the visitor into its own
// account) is refused by signIn itself.
export const POST = auth(async (req) => {
  const body = (await req.json().catch(() => null)) as { username?: unknown; password?: unknown } | null
  try {
    await signIn("credentials", { username: String(body?.username ?? ""), password: String(body?.password ?? ""), redirect: false })
  } catch (error) {
    if (error instanceof CredentialsSignin) return Response.json({ error: "CredentialsSignin" }, { status: 401 })
    if (error instanceof MissingCSRF) return Response.json({ error: "MissingCSRF" }, { status: 403 })
    throw error
  }
  return Response.json({ signedIn: true })
})
