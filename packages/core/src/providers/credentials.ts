import type { CredentialInput, CredentialsConfig } from "./types.js"

export type { CredentialInput, CredentialsConfig } from "./types.js"

/**
 * Sign in with whatever the user types: a username and password, a one-time code…
 * `authorize` decides; returning null (or throwing `CredentialsSignin`) refuses.
 */
export default function Credentials<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>(
  options: Partial<CredentialsConfig<C>>,
): CredentialsConfig<C> {
  return {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: {} as C,
    authorize: () => null,
    ...options,
  }
}
