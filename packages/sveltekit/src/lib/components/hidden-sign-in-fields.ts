import { authorizationParamsPrefix } from "../read-sign-in-form.js"

/** Options of the `SignIn` component: where to land, and any field for the provider. */
export interface SignInComponentOptions {
  redirectTo?: string
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string
  [field: string]: string | undefined
}

/**
 * The hidden inputs of a sign-in form, named as the `signIn` form action reads them:
 * `providerId`, `redirectTo`, further option fields, and `authorizationParams-<name>`.
 */
export function hiddenSignInFields(
  provider: string | undefined,
  options: SignInComponentOptions | FormData | undefined,
  authorizationParams: string | string[][] | Record<string, string> | URLSearchParams | undefined,
): [string, string][] {
  const fields: [string, string][] = []
  if (provider) fields.push(["providerId", provider])
  const entries = options instanceof FormData ? [...options] : Object.entries(options ?? {})
  for (const [key, value] of entries) {
    if (typeof value !== "string" || key === "providerId" || key === "redirect") continue
    fields.push([key === "callbackUrl" ? "redirectTo" : key, value])
  }
  for (const [key, value] of new URLSearchParams(authorizationParams ?? undefined)) {
    fields.push([`${authorizationParamsPrefix}${key}`, value])
  }
  return dedupe(fields)
}

/** The last value of a name wins, as the form action would read it. */
function dedupe(fields: [string, string][]): [string, string][] {
  return [...new Map(fields)]
}
