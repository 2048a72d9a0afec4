import type { Session } from "@gatehouse/core/types"

/**
 * The session in core's answer, or null. Fails closed: a non-2xx answer (a configuration error, an
 * untrusted host…), an unreadable body or anything but a JSON object means "nobody is signed in", never a
 * truthy error object that a `!!session` check would let through (GHSA-8fpg-xm3f-6cx3).
 */
export async function readSession(response: Response): Promise<Session | null> {
  if (!response.ok) return null
  try {
    const body: unknown = await response.json()
    if (body === null || typeof body !== "object" || Array.isArray(body)) return null
    return body as Session
  } catch {
    return null
  }
}
