import type { InternalProvider } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"

type PublicProvider = Pick<InternalProvider, "id" | "name" | "type" | "signinUrl" | "callbackUrl">

/** GET /providers: what the client needs to draw sign-in buttons, nothing secret. */
export function providers(list: InternalProvider[]): ResponseInternal<Record<string, PublicProvider>> {
  const body: Record<string, PublicProvider> = {}
  for (const { id, name, type, signinUrl, callbackUrl } of list) {
    body[id] = { id, name, type, signinUrl, callbackUrl }
  }
  return { headers: { "Content-Type": "application/json" }, body }
}
