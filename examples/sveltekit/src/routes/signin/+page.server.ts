import { env } from "$env/dynamic/private"
import { fail } from "@sveltejs/kit"
import { CredentialsSignin } from "@gatehouse/sveltekit"
import { signIn } from "../../auth"
import type { Actions, PageServerLoad } from "./$types"

export const load: PageServerLoad = () => {
  // Password accounts come with e-mail (their verification and reset mails need it): see auth-config.ts.
  return { devIdp: Boolean(env.AUTH_DEV_IDP_ISSUER), email: Boolean(env.EMAIL_SERVER), password: Boolean(env.EMAIL_SERVER) }
}

export const actions: Actions = {
  // signIn throws a failed credentials sign-in to its caller (and a redirect on success):
  // catch the former to show the form again with a message.
  default: async (event) => {
    // signIn reads the body itself; keep the requested target to offer it again on failure.
    const redirectTo = (await event.request.clone().formData()).get("redirectTo")
    try {
      return await signIn(event)
    } catch (error) {
      if (error instanceof CredentialsSignin) {
        return fail(400, { error: error.type, code: error.code, redirectTo: typeof redirectTo === "string" ? redirectTo : "/" })
      }
      throw error
    }
  },
}
