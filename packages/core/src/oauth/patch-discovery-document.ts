type Metadata = Record<string, unknown>

/**
 * A fetch for providers whose discovery document needs a repair before OAuth clients accept it:
 * the document passes through `repair`; every other response (and any failure) is untouched.
 * `getFetch` is asked at each call, so a fetch swapped in later (tests, instrumentation) is used.
 */
export function patchDiscoveryDocument(
  getFetch: () => typeof fetch,
  repair: (metadata: Metadata) => Metadata,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const response = await getFetch()(input, init)
    const url = new URL(input instanceof Request ? input.url : input)
    if (!response.ok || !url.pathname.endsWith(".well-known/openid-configuration")) return response
    return Response.json(repair((await response.json()) as Metadata))
  }
}
