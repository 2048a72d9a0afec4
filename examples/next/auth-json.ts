import { headers } from "next/headers"
import { handlers } from "./auth"

/**
 * What one of the auth routes answers the browser's request as JSON (e.g. "/api/auth/account"), asked in this
 * process (no network hop) with the browser's cookies: the same answer the built-in pages work from. `null`
 * when it refuses (signed out, say). For server components.
 */
export async function authJson<T>(path: string): Promise<T | null> {
  const incoming = await headers()
  const host = incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "localhost"
  const protocol = incoming.get("x-forwarded-proto") ?? "http"
  const request = new Request(`${protocol}://${host}${path}`, {
    headers: { accept: "application/json", cookie: incoming.get("cookie") ?? "" },
  })
  const response = await handlers.GET(request)
  return response.ok ? ((await response.json()) as T) : null
}
