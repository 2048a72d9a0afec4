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
 * any name ending in `token`, `secret`, `password` or `verifier` is one (`sessionToken`,
 * `access_token`, `id_token`, `expectedRefreshToken`, `client_secret`, `code_verifier`…).
 */
const secretNames = new Set([
  "code",
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
const secretSuffixes = ["token", "secret", "password", "verifier"]
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

/**
 * A copy of `value` with every secret field's value replaced by the marker, at any depth of plain
 * objects and arrays. Other objects (Dates, byte arrays, class instances) are passed as they are.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value
  if (depth >= maxDepth) return redactedMarker
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1))
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const copy: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(value)) {
    copy[name] = isSecretName(name) ? redactedValue(field) : redactSecrets(field, depth + 1)
  }
  return copy
}
