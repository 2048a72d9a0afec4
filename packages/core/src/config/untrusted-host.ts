import { UntrustedHost } from "../errors.js"
import { redactUrl } from "./redact-url.js"

const advice =
  "Set `trustHost: true` (or AUTH_TRUST_HOST=true) when your platform sets the Host header safely, or set AUTH_URL to your site's URL"

/**
 * The config trusts no Host header. With the request at hand the message is Auth.js's own
 * ("Host must be trusted. URL was: <url>", which log alerts and runbooks match on), the URL
 * without credentials or tokens; checked once per config, without a request, it says the rest.
 */
export function untrustedHost(requestUrl?: URL | string): UntrustedHost {
  const url = requestUrl === undefined ? "" : ` URL was: ${redactUrl(String(requestUrl))}.`
  return new UntrustedHost(`Host must be trusted.${url} ${advice}`)
}

/** The config's error as one request meets it: an untrusted host names the request's URL. */
export function configErrorForRequest<T extends Error>(error: T, requestUrl: URL | string): T | UntrustedHost {
  return error instanceof UntrustedHost ? untrustedHost(requestUrl) : error
}
