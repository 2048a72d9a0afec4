"use server"
import { CredentialsSignin } from "@gatehouse/next"
import { redirect } from "next/navigation"
import { signIn, signOut, unstable_update } from "../auth"

/** A username/password form (credentials, or password accounts): signs in and redirects, or comes back
 * to the sign-in page with the error. */
async function signInWithForm(provider: "credentials" | "password", formData: FormData) {
  try {
    await signIn(provider, formData)
  } catch (error) {
    // A successful sign-in "throws" Next's redirect: only the CredentialsSignin case is handled here,
    // everything else (the redirect included) is rethrown. See isRedirectError in @gatehouse/next.
    if (error instanceof CredentialsSignin) {
      const query = new URLSearchParams({ error: "CredentialsSignin", code: error.code })
      const redirectTo = formData.get("redirectTo")
      if (typeof redirectTo === "string" && redirectTo) query.set("callbackUrl", redirectTo)
      redirect(`/signin?${query}`)
    }
    throw error
  }
}

/** The demo account's form (the Credentials provider). */
export async function signInWithCredentials(formData: FormData) {
  await signInWithForm("credentials", formData)
}

/** The e-mail and password form (the Password provider). A user with a second factor goes on to its page. */
export async function signInWithPassword(formData: FormData) {
  await signInWithForm("password", formData)
}

/** Buttons for redirect-based providers (OIDC, …): off to the provider. */
export async function signInWithProvider(formData: FormData) {
  const provider = formData.get("provider")
  const redirectTo = formData.get("redirectTo")
  await signIn(typeof provider === "string" ? provider : undefined, {
    redirectTo: typeof redirectTo === "string" && redirectTo ? redirectTo : "/",
  })
}

/** The e-mail form: sends the link and code, then shows the "check your e-mail" page. */
export async function signInWithEmail(formData: FormData) {
  await signIn("nodemailer", formData)
}

export async function signOutAction() {
  await signOut({ redirectTo: "/" })
}

/** Renames the user from the server: the jwt callback sees trigger "update", as with the client's update(). */
export async function renameOnServer(formData: FormData) {
  const name = formData.get("name")
  if (typeof name === "string") await unstable_update({ user: { name } })
}
