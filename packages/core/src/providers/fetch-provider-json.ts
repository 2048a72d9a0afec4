import { customFetch } from "../auth-options.js"

/** The part of a provider an API call needs: its own fetch, when the user gave one. */
export interface ProviderFetchSource {
  [customFetch]?: typeof fetch
}

export interface ProviderApiRequest {
  /** Sent as `Authorization: Bearer …` when given. */
  accessToken?: string
  method?: "GET" | "POST"
  headers?: Record<string, string>
  body?: string
}

/**
 * Calls a provider's API (for the profile, typically) and returns the parsed JSON body.
 * The call goes through the provider's `customFetch` when it has one, so a proxy (or a test
 * stand-in) sees these requests like every other OAuth request.
 * A non-2xx answer is an error: an error body must never be mistaken for a profile.
 */
export async function fetchProviderJson(
  provider: ProviderFetchSource | undefined,
  url: string | URL,
  request: ProviderApiRequest = {},
): Promise<unknown> {
  const fetchImpl = provider?.[customFetch] ?? globalThis.fetch
  const headers: Record<string, string> = { ...request.headers }
  if (request.accessToken !== undefined) headers.Authorization = `Bearer ${request.accessToken}`
  const response = await fetchImpl(url, { method: request.method ?? "GET", headers, body: request.body })
  if (!response.ok) {
    // Only origin and path: the query may carry tokens or identifiers that have no place in logs.
    const where = new URL(url)
    throw new Error(`Provider API ${where.origin}${where.pathname} answered HTTP ${response.status}`)
  }
  return response.json()
}
