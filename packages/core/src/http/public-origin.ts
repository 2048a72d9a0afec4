/**
 * AUTH_URL pins the origin. Every URL Gatehouse builds (mail links, redirects, callback and
 * redirect URIs, the pages' form actions) comes from `RequestInternal.url`, so pinning that one
 * URL to AUTH_URL's origin pins them all; the Host a request arrived with then only decides
 * whether it is answered at all.
 */
import { AuthError, UntrustedHost } from "../errors.js"
import type { RequestInternal } from "./request-internal.js"

/** AUTH_URL (or NEXTAUTH_URL)'s origin; an error when it is set but is not an http(s) URL. */
export function publicOriginFromEnv(env: Record<string, string | undefined>): { origin?: URL; error?: AuthError } {
  const value = env.AUTH_URL || env.NEXTAUTH_URL
  if (!value) return {}
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { error: new AuthError(`AUTH_URL is not a URL: ${JSON.stringify(value.slice(0, 200))}`) }
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname) {
    return { error: new AuthError(`AUTH_URL must be an http(s) URL with a host, not ${JSON.stringify(value.slice(0, 200))}`) }
  }
  return { origin: new URL(url.origin) }
}

/**
 * The request's URL moved onto `publicOrigin` (path and query kept), or, when `refuseForeignHosts`
 * is on (production), an UntrustedHost error for a request addressed to another host. The scheme
 * is not compared: TLS commonly ends at a proxy in front of the app.
 */
export function pinToPublicOrigin(request: RequestInternal, publicOrigin: URL, refuseForeignHosts: boolean): URL | UntrustedHost {
  if (refuseForeignHosts) {
    const host = requestedHost(request)
    if (normalizedHost(host, publicOrigin.protocol) !== publicOrigin.host) {
      return new UntrustedHost(
        `Refused a request for host ${JSON.stringify(host.slice(0, 300))}: AUTH_URL pins this deployment to ${publicOrigin.origin}. ` +
          "Behind a proxy, pass the public host on (Host or X-Forwarded-Host).",
      )
    }
  }
  if (request.url.origin === publicOrigin.origin) return request.url
  return new URL(`${request.url.pathname}${request.url.search}`, publicOrigin)
}

/**
 * The host the client addressed: a proxy's X-Forwarded-Host (first value) when there is one, else
 * the Host header, else the URL's host (a Request built in-process carries no Host header).
 */
function requestedHost(request: RequestInternal): string {
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim()
  return forwarded || request.headers.get("host")?.trim() || request.url.host
}

/** `host` as URL would print it for `protocol` (lower case, default port dropped); "" when it is not a host. */
function normalizedHost(host: string, protocol: string): string {
  if (!host || /[\s/\\?#@]/.test(host)) return ""
  try {
    return new URL(`${protocol}//${host}`).host
  } catch {
    return ""
  }
}
