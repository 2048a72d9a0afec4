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

/**
 * `sessionFromBody` for the session action's answer as an object: the value its JSON would carry
 * (Dates as ISO text, `toJSON` honoured, undefined and functions left out, non-finite numbers as
 * null), copied so the caller owns it. The same as `sessionFromBody(JSON.stringify(body))`, without
 * writing and parsing the text on every server-side read.
 */
export function sessionFromAnswer(body: unknown): Session | null {
  return sessionFromBody(asJson(body ?? null))
}

function asJson(value: unknown): unknown {
  if (value !== null && typeof value === "object") {
    const own = value as { toJSON?: unknown }
    if (typeof own.toJSON === "function") return asJson(own.toJSON())
    if (Array.isArray(value)) return value.map((item) => asJson(item) ?? null)
    const copy: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      const field = asJson((value as Record<string, unknown>)[key])
      if (field !== undefined) copy[key] = field
    }
    return copy
  }
  // JSON writes -0 as 0.
  if (typeof value === "number") return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : null
  if (typeof value === "string" || typeof value === "boolean" || value === null) return value
  // As JSON.stringify does: a session callback's answer with a BigInt is the app's bug, not "nobody".
  if (typeof value === "bigint") throw new TypeError("a BigInt has no JSON form")
  return undefined
}
