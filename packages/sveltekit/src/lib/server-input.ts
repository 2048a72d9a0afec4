import type { RequestEvent } from "@sveltejs/kit"
import type { ServerInput } from "@gatehouse/core/server"
import type { AuthConfig } from "@gatehouse/core/types"

/**
 * The user's request as core's server functions read it: its headers with the host SvelteKit
 * resolved for it, and its URL (core answers on that origin, or AUTH_URL's). Unlike Auth.js, the raw
 * X-Forwarded-Host / -Proto headers are dropped: SvelteKit's adapters already honour them exactly
 * when the app says to (adapter-node's ORIGIN, HOST_HEADER, PROTOCOL_HEADER), and a forged one must
 * not move redirect targets to another host.
 */
export function serverInput(event: Pick<RequestEvent, "request" | "url">, config: AuthConfig): ServerInput {
  const headers = new Headers(event.request.headers)
  headers.delete("x-forwarded-host")
  headers.delete("x-forwarded-proto")
  headers.set("host", event.url.host)
  return { config, headers, url: event.url }
}

/**
 * The same for a read (the session, the user's sessions, an access token), which depends on the
 * cookies alone: the cookie header and the host, and Accept when a step-up has to tell a page from an
 * API call. Copying every header of the request would cost a session read a good part of its time;
 * when the request's own headers say nothing a copy would change (no forwarding headers, the Host
 * SvelteKit resolved), they are read as they are.
 */
export function readInput(event: Pick<RequestEvent, "request" | "url">, config: AuthConfig, withAccept = false): ServerInput {
  const original = event.request.headers
  if (original.get("host") === event.url.host && original.get("x-forwarded-host") === null && original.get("x-forwarded-proto") === null) {
    return { config, headers: original, url: event.url }
  }
  const headers = new Headers({ host: event.url.host, cookie: original.get("cookie") ?? "" })
  const accept = withAccept ? original.get("accept") : null
  if (accept) headers.set("accept", accept)
  return { config, headers, url: event.url }
}
