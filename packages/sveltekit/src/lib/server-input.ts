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
