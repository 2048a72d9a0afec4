import type { Session } from "../types.js"

/**
 * The session in the body of core's session answer, or null. Fails closed: only a JSON object with
 * at least one field is a session. `null`, `{}`, an array, a string that is not such a JSON object, or
 * anything else reads as "nobody is signed in", never as a truthy value a `!!session` guard would let
 * through (GHSA-8fpg-xm3f-6cx3).
 */
export function sessionFromBody(body: unknown): Session | null {
  if (typeof body === "string") {
    try {
      body = JSON.parse(body)
    } catch {
      return null
    }
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null
  if (Object.keys(body).length === 0) return null
  return body as Session
}
