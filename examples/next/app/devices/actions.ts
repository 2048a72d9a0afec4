"use server"
import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { sessions, signOut } from "../../auth"

/** "Sign out" on one device of the list: the form carries the session's id as `sessions.list()` gave it. */
export async function revokeSession(formData: FormData) {
  const sessionId = formData.get("sessionId")
  // A forged or stale id is no error: it is simply not one of the user's sessions, and nothing is revoked.
  if (typeof sessionId !== "string" || !sessionId) return
  const { signedOut } = await sessions.revoke(sessionId)
  if (signedOut) redirect("/")
  revalidatePath("/devices")
}

/** "Sign out everywhere else": every session of the user but this one. */
export async function revokeOtherSessions() {
  await sessions.revokeOthers()
  revalidatePath("/devices")
}

/** "Sign out everywhere": this session's cookie is cleared in this action's response too. */
export async function revokeAllSessions() {
  await sessions.revokeAll()
  redirect("/")
}

/**
 * "Sign out everywhere, including the identity provider": ends this session, then sends the browser to the
 * IdP's end-session page (OpenID Connect RP-Initiated Logout); the IdP's logout tokens end the others.
 */
export async function signOutAtIdentityProvider() {
  await signOut({ redirectTo: "/", federated: true })
}
