import type { ProviderType } from "../primitives.js"

/**
 * Where a server-side `signIn(provider, fields)` posts: the providers whose form is the sign-in
 * itself (credentials, passwords) go to `/callback/<id>`, the others start at `/signin/<id>`.
 */
export function signInRoute(type: ProviderType): "callback" | "signin" {
  return type === "credentials" || type === "password" ? "callback" : "signin"
}
