/**
 * Debug output without secrets. `debug: true` (or an app's own `logger.debug`) receives what flows
 * through the adapter and the OAuth steps: session tokens, the provider's access, refresh and ID
 * tokens, verification tokens, authorization codes, PKCE verifiers, passwords. Debug logs end up in
 * log collectors, tickets and screenshots, so each such value is replaced by a fixed marker, and
 * everything around it (field names, ids, e-mail addresses, expiries) is kept so the line still
 * says what happened.
 */
export const redactedMarker = "[redacted]"

/**
 * Field names (compared without case, `_`, `-` or `.`) whose values are secrets. Besides these,
 * any name ending in `token(s)`, `secret`, `password`, `verifier` or `assertion` is one
 * (`sessionToken`, `access_token`, `id_token`, `expectedRefreshToken`, `client_secret`,
 * `code_verifier`, `client_assertion`, the `gatehouse.tokens` mark…).
 */
const secretNames = new Set([
  "code",
  "idtokenhint",
  "except",
  "cookie",
  "setcookie",
  "authorization",
  "otp",
  "pin",
  "passcode",
  "apikey",
  "privatekey",
  "credentials",
])
const secretSuffixes = ["token", "tokens", "secret", "password", "verifier", "assertion"]
/**
 * `name=value` inside a string — a URL's query or fragment, a form body, a Cookie header — whose
 * name is a secret's (`?code=…`, `#access_token=…`, `authjs.session-token=…`).
 */
const parameter = /([?&#;]\s*|^)([\w.-]+)=([^&#;\s]*)/g
/** Deeper than any metadata Gatehouse logs: a cyclic or absurdly deep value is cut, not walked. */
const maxDepth = 8

/** Whether a field of this name holds a secret. */
export function isSecretName(name: string): boolean {
  const normalized = name.toLowerCase().replace(/[-_.]/g, "")
  return secretNames.has(normalized) || secretSuffixes.some((suffix) => normalized.endsWith(suffix))
}

/** The marker for a secret value; nothing to hide in an absent or empty one, which stays as it is. */
export function redactedValue(value: unknown): unknown {
  return value === undefined || value === null || value === "" ? value : redactedMarker
}

/** A string with the values of its secret `name=value` parameters replaced by the marker. */
function redactParameters(text: string): string {
  if (!text.includes("=")) return text
  return text.replace(parameter, (pair, before: string, name: string, value: string) =>
    value && isSecretName(name) ? `${before}${name}=${redactedMarker}` : pair,
  )
}

/**
 * A copy of `value` with every secret field's value replaced by the marker, at any depth of plain
 * objects and arrays, and secret parameters inside strings too. Other objects (Dates, byte arrays,
 * class instances) are passed as they are. An object met again is not walked again: inside itself
 * (a cycle) it becomes the marker, so the copy stays serializable; elsewhere it is the same copy.
 */
export function redactSecrets(value: unknown): unknown {
  return redactValue(value, 0, new Map())
}

/** What `copies` holds for an object whose copy is still being made: meeting it again is a cycle. */
const inProgress = Symbol("in progress")

function redactValue(value: unknown, depth: number, copies: Map<object, unknown>): unknown {
  if (typeof value === "string") return redactParameters(value)
  if (value === null || typeof value !== "object") return value
  if (depth >= maxDepth) return redactedMarker
  const known = copies.get(value)
  if (known === inProgress) return redactedMarker
  if (known !== undefined) return known
  let copy: unknown
  if (Array.isArray(value)) {
    copies.set(value, inProgress)
    copy = value.map((item) => redactValue(item, depth + 1, copies))
  } else {
    const prototype = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) return value
    copies.set(value, inProgress)
    const fields: Record<string, unknown> = {}
    for (const [name, field] of Object.entries(value)) {
      fields[name] = isSecretName(name) ? redactedValue(field) : redactValue(field, depth + 1, copies)
    }
    copy = fields
  }
  copies.set(value, copy)
  return copy
}
