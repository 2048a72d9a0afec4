import { customFetch } from "../symbols.js"

/** The part of a provider a token-bearing API call needs: its own fetch, when the user gave one. */
export interface ProviderFetchSource {
  [customFetch]?: typeof fetch
}

export interface TokenRequestInit {
  method?: "GET" | "POST"
  headers?: Record<string, string>
}

/**
 * Calls a provider's API with the user's access token and returns the parsed JSON body.
 * The call goes through the provider's `customFetch` when it has one, so a proxy (or a test
 * stand-in) sees these requests like every other OAuth request.
 * A non-2xx answer is an error: an error body must never be mistaken for a profile.
 */
export async function fetchJsonWithToken(
  provider: ProviderFetchSource | undefined,
  url: string | URL,
  accessToken: string | undefined,
  init: TokenRequestInit = {},
): Promise<unknown> {
  const fetchImpl = provider?.[customFetch] ?? globalThis.fetch
  const response = await fetchImpl(url, {
    method: init.method ?? "GET",
    headers: { ...init.headers, Authorization: `Bearer ${accessToken}` },
  })
  if (!response.ok) {
    // Only origin and path: the query may carry identifiers that have no place in logs.
    const where = new URL(url)
    throw new Error(`Provider API ${where.origin}${where.pathname} answered HTTP ${response.status}`)
  }
  return response.json()
}
