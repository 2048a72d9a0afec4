/**
 * Where a `signIn(provider, fields)` posts, on the server or in the browser: the providers whose
 * form is the sign-in itself (credentials, passwords) go to `/callback/<id>`, the others start at
 * `/signin/<id>`. The type is a string as the browser has it from `/providers`.
 */
export function signInRoute(type: string): "callback" | "signin" {
  return type === "credentials" || type === "password" ? "callback" : "signin"
}
