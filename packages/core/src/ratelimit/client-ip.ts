import type { RateLimitOptions } from "../types.js"
import { canonicalIp } from "./canonical-ip.js"

/** The per-IP key of a request whose address could not be read: such requests share one budget. */
export const unknownClientKey = "unknown"

/**
 * The canonical address of the client, from the one source the app configured and from nothing
 * else: a header a client can set itself is only trustworthy when the app's own proxy overwrites
 * it. Of a list-valued header (X-Forwarded-For) the right-most entry counts, the one the app's
 * proxy appended; the entries left of it are whatever the client sent.
 *
 * An address that is missing or unreadable keys as `unknown`, so that garbage cannot be used to
 * escape the limit: all such requests share one budget. Undefined when no source is configured.
 */
export function clientIpKey(request: Request, options: Pick<RateLimitOptions, "clientIp" | "ipHeader">): string | undefined {
  let raw: string | null | undefined
  if (options.clientIp) raw = options.clientIp(request)
  else if (options.ipHeader) raw = rightMostEntry(request.headers.get(options.ipHeader))
  else return undefined
  return (typeof raw === "string" && canonicalIp(raw)) || unknownClientKey
}

function rightMostEntry(value: string | null): string | undefined {
  if (value === null) return undefined
  const comma = value.lastIndexOf(",")
  return comma === -1 ? value : value.slice(comma + 1)
}
