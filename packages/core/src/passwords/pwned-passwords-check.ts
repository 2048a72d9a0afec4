/**
 * A breached-password check against a k-anonymity range API (Have I Been Pwned's Pwned
 * Passwords by default): only the first 5 hex characters of the password's SHA-1 leave the
 * server; the service answers every suffix it knows under that prefix, and the match is made
 * here. `Add-Padding` asks the service to pad the answer, so its size says nothing either.
 */
export interface PwnedPasswordsOptions {
  /** The range endpoint, to which the 5-character prefix is appended. Default HIBP's. */
  url?: string
  /** Injected for tests, proxies and runtimes with their own fetch. */
  fetch?: typeof fetch
  /** Breached only if seen at least this often. Default 1. */
  minCount?: number
  /** Give up after this many milliseconds (the password is then let through, logged). Default 3000. */
  timeoutMs?: number
}

export function pwnedPasswordsCheck(options: PwnedPasswordsOptions = {}): (password: string) => Promise<boolean> {
  const url = options.url ?? "https://api.pwnedpasswords.com/range/"
  const minCount = options.minCount ?? 1
  return async (password) => {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(password)))
    const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0"))
      .join("")
      .toUpperCase()
    const prefix = hex.slice(0, 5)
    const suffix = hex.slice(5)
    const fetchRange = options.fetch ?? fetch
    const response = await fetchRange(`${url}${prefix}`, {
      headers: { "Add-Padding": "true" },
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    })
    if (!response.ok) throw new Error(`The breached-password service answered ${response.status}`)
    for (const line of (await response.text()).split("\n")) {
      const [candidate, count] = line.trim().split(":")
      if (candidate?.toUpperCase() === suffix && Number(count) >= minCount) return true
    }
    return false
  }
}
