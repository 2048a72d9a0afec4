import { forwardedOrigin } from "@gatehouse/core/integration"

/**
 * The URL the browser actually used. Next rewrites 127.0.0.1 and ::1 to "localhost" in `request.url` and
 * `nextUrl`, and behind a proxy sees its internal address, so neither can be used for redirects or
 * cookies. In order: AUTH_URL (or NEXTAUTH_URL)'s origin; the forwarded or plain Host header with the
 * forwarded protocol (only ever acted on when `trustHost` is on, which core enforces); the request's URL.
 * Path and query always come from the request.
 */
export function publicUrl(request: Request, env: Record<string, string | undefined> = process.env): URL {
  const url = new URL(request.url)
  const origin = envOrigin(env.AUTH_URL ?? env.NEXTAUTH_URL) ?? forwardedOrigin(request.headers, url.protocol)
  if (!origin) return url
  return new URL(`${url.pathname}${url.search}`, origin)
}

function envOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    return new URL(value).origin
  } catch {
    return undefined
  }
}
