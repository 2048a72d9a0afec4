/**
 * `next/headers` outside Next: its functions work only inside Next's request scope, so suites that
 * call an integration's server code directly mock the module with this stand-in and set the
 * request's cookies here:
 *
 *   vi.mock("next/headers", async () => (await import("@gatehouse/test-kit/next-headers-stand-in")).nextHeadersStandIn)
 */
export const nextRequest = {
  /** The Cookie header the server code sees. */
  cookieHeader: "",
  /** What the server code set through `cookies().set`, by name. */
  cookieWrites: new Map<string, string>(),
}

export const nextHeadersStandIn = {
  headers: async () => new Headers({ host: "app.test", "x-forwarded-proto": "http", cookie: nextRequest.cookieHeader }),
  cookies: async () => ({
    getAll: () =>
      nextRequest.cookieHeader
        .split("; ")
        .filter(Boolean)
        .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: decodeURIComponent(pair.slice(pair.indexOf("=") + 1)) })),
    set: (name: string, value: string) => void nextRequest.cookieWrites.set(name, value),
  }),
}
