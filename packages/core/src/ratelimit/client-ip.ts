import type { RateLimitOptions } from "../types.js"
import { canonicalIp } from "./canonical-ip.js"

/** The per-IP key of a request whose address could not be read: such requests share one budget. */
export const unknownClientKey = "unknown"

/**
 * Hosting platforms whose edge overwrites a header with the connecting client's address, so that
 * no client can set it: recognised by an environment variable the platform itself sets. On these
 * the per-IP limit is on without any configuration.
 */
const platformHeaders: readonly { env: string; header: string }[] = [
  { env: "VERCEL", header: "x-real-ip" },
  { env: "NETLIFY", header: "x-nf-client-connection-ip" },
  { env: "FLY_APP_NAME", header: "fly-client-ip" },
]

/** The client-address header of the platform the process runs on, when it is a known one. */
export function platformIpHeader(env: Record<string, string | undefined>): string | undefined {
  return platformHeaders.find((platform) => env[platform.env])?.header
}

const attachedAddresses = new WeakMap<Request, string>()

/**
 * For framework integrations that know the client's address (SvelteKit's `getClientAddress()`,
 * Qwik's `clientConn.ip`, a Node server's socket): attach it to the request handed to `Auth`, and
 * the per-IP limit uses it when the app configured no source of its own. Attach only an address
 * that is the client's: behind a reverse proxy the socket's address is the proxy's, and every
 * client would share one budget. Returns the request.
 */
export function withClientAddress(request: Request, address: string | undefined | null): Request {
  if (typeof address === "string" && address) attachedAddresses.set(request, address)
  return request
}

/**
 * The canonical address of the client, from the one source the app configured and from nothing
 * else: a header a client can set itself is only trustworthy when the app's own proxy overwrites
 * it. Of a list-valued header (X-Forwarded-For) the right-most entry counts, the one the app's
 * proxy appended; the entries left of it are whatever the client sent. Without a configured
 * source, an address an integration attached (`withClientAddress`) is used.
 *
 * An address that is missing or unreadable keys as `unknown`, so that garbage cannot be used to
 * escape the limit: all such requests share one budget. Undefined when there is no source at all.
 */
export function clientIpKey(request: Request, options: Pick<RateLimitOptions, "clientIp" | "ipHeader">): string | undefined {
  let raw: string | null | undefined
  if (options.clientIp) raw = options.clientIp(request)
  else if (options.ipHeader) raw = rightMostEntry(request.headers.get(options.ipHeader))
  else if (attachedAddresses.has(request)) raw = attachedAddresses.get(request)
  else return undefined
  return (typeof raw === "string" && canonicalIp(raw)) || unknownClientKey
}

function rightMostEntry(value: string | null): string | undefined {
  if (value === null) return undefined
  const comma = value.lastIndexOf(",")
  return comma === -1 ? value : value.slice(comma + 1)
}
