import type { SignOutInput } from "./types.js"

/**
 * The form `useSignOut` posts to `/auth/signout`: `callbackUrl`, and `federated` only when the input
 * says (left out, the provider's `federatedSignOut` setting decides), as `@gatehouse/next` posts it.
 */
export function signOutForm(input: SignOutInput, defaultRedirectTo: string): URLSearchParams {
  const form = new URLSearchParams({ callbackUrl: input.redirectTo ?? defaultRedirectTo })
  if (input.federated !== undefined) form.set("federated", String(input.federated === true || input.federated === "true"))
  return form
}
