/**
 * `@gatehouse/core/client`: what the integrations' browser clients share (`@gatehouse/next/react`,
 * `@gatehouse/sveltekit/client`): posting a sign-in or sign-out form, where to go after it,
 * which route a provider's sign-in starts at, and reading a route's JSON. Browser code only: no
 * dependency, nothing of the server. An internal entry for the integrations; apps use their
 * framework's client.
 */

export { formFields, postAuthForm, type AuthFormAnswer, signInRoute } from "./post-auth-form.js"
export { navigate, pageOnThisSite } from "./destination.js"

/**
 * GETs an auth route's JSON answer (`/providers`, `/session`, `/csrf`), or POSTs `body` as JSON
 * (a session update). Throws when the route refused or the answer is not JSON: each client decides
 * what a failure means (Next's logs it and answers null, as next-auth's does).
 */
export async function readAuthJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as T
}
