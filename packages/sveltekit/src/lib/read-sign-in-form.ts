import type { SignInOptions } from "./sign-in.js"

/** Form fields with this prefix become authorization-request parameters of an OAuth sign-in. */
export const authorizationParamsPrefix = "authorizationParams-"

export interface SignInForm {
  providerId: string | undefined
  options: SignInOptions
  authorizationParams: Record<string, string>
}

/**
 * What a sign-in form posted: `providerId`, `redirectTo`, `authorizationParams-*` and every other
 * text field (credentials, e-mail address) as a field for the provider. `redirect` is dropped:
 * a form action always answers with a redirect. Files are ignored.
 */
export function readSignInForm(form: FormData): SignInForm {
  const options: SignInOptions = {}
  const authorizationParams: Record<string, string> = {}
  let providerId: string | undefined
  for (const [key, value] of form) {
    if (typeof value !== "string") continue
    if (key === "providerId") providerId = value || undefined
    else if (key === "redirect") continue
    else if (key.startsWith(authorizationParamsPrefix)) authorizationParams[key.slice(authorizationParamsPrefix.length)] = value
    else options[key] = value
  }
  return { providerId, options, authorizationParams }
}
