/**
 * URLs as the CLI and the doctor print them: without credentials. Database and site URLs carry
 * them in two places — the user-info (`postgres://user:password@host`, `https://token@host`) and
 * the query (`?password=`, `?sslpassword=`, `?token=`, an API `key`) — and printed output ends up in
 * CI logs, tickets and screen shares. Everything else (scheme, host, port, path, harmless
 * parameters) is kept as written, so the line still says which database or site it was.
 */
import { isSecretName, redactedMarker } from "./redact-secrets.js"

/** Query parameter names (compared without case, `_`, `-` or `.`) that hold a credential in URLs. */
const credentialNames = new Set(["pass", "passwd", "pwd", "key", "sslkey", "sig", "signature", "auth", "credential"])
/** Besides isSecretName's (…token, …secret, …password): `apikey`, `accesskey`, `sslpass`, `dbpwd`… */
const credentialSuffixes = ["key", "pass", "passwd", "pwd", "signature"]

/** `name=value` after the start, `?`, `&`, `;`, `#` or white space (libpq's `key=value` form too). */
const parameter = /([?&;#\s]|^)([^=&;#\s?]+)=([^&;#\s]*)/g
const scheme = /^[a-z][a-z0-9+.-]*:\/\//i

function isCredentialParameter(name: string): boolean {
  let decoded = name
  try {
    decoded = decodeURIComponent(name)
  } catch {}
  const normalized = decoded.toLowerCase().replace(/[-_.]/g, "")
  return isSecretName(decoded) || credentialNames.has(normalized) || credentialSuffixes.some((suffix) => normalized.endsWith(suffix))
}

function redactParameters(text: string): string {
  return text.replace(parameter, (pair, before: string, name: string, value: string) =>
    value && isCredentialParameter(name) ? `${before}${name}=${redactedMarker}` : pair,
  )
}

/**
 * Where the user-info of `afterScheme` (the URL after `scheme://`) ends: the last `@` of the
 * authority, which ends at the first `/`, `?`, `#` or `\` (as WHATWG URL and pg parse it). A URL no
 * parser can read (a password with an unescaped `/` or `#`) is cut at its last `@` instead: better
 * to hide too much than to print part of a password.
 */
function userInfoEnd(afterScheme: string, whole: string): number {
  const authorityEnd = afterScheme.search(/[/?#\\]/)
  const authority = authorityEnd === -1 ? afterScheme : afterScheme.slice(0, authorityEnd)
  const at = authority.lastIndexOf("@")
  if (at !== -1) return at
  return URL.canParse(whole) ? -1 : afterScheme.lastIndexOf("@")
}

/** `url` with its user-info and the values of its credential parameters replaced by the marker. */
export function redactUrl(url: string): string {
  const prefix = scheme.exec(url)?.[0] ?? ""
  let rest = url.slice(prefix.length)
  if (prefix) {
    const at = userInfoEnd(rest, url)
    if (at !== -1) rest = `${redactedMarker}${rest.slice(at)}`
  }
  return prefix + redactParameters(rest)
}

/** Every `scheme://…` URL inside a text (an error message, say) redacted as redactUrl does. */
export function redactUrlsIn(text: string): string {
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi, (url) => redactUrl(url))
}
