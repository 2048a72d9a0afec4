import type { Cookies, RequestEvent } from "@sveltejs/kit"

export interface CookieWrite {
  value: string
  options: Record<string, unknown>
}

export interface TestEvent {
  event: RequestEvent
  /** What the code under test handed to `event.cookies.set`, by name (last write wins). */
  written: Map<string, CookieWrite>
}

/**
 * A RequestEvent as SvelteKit builds one, reduced to what the integration touches: url,
 * request, locals and a cookie jar recording writes. The end-to-end tests run the real thing.
 */
export function testEvent(url: string, init: RequestInit = {}): TestEvent {
  const request = new Request(url, init)
  const written = new Map<string, CookieWrite>()
  const incoming = new Map(
    (request.headers.get("cookie") ?? "")
      .split(";")
      .map((pair) => pair.trim().split("="))
      .filter(([name]) => name)
      .map(([name, ...value]) => [name!, value.join("=")]),
  )
  const cookies: Cookies = {
    get: (name) => written.get(name)?.value ?? incoming.get(name),
    getAll: () => [...incoming].map(([name, value]) => ({ name, value })),
    set: (name, value, options) => void written.set(name, { value, options: { ...options } }),
    delete: (name, options) => void written.set(name, { value: "", options: { ...options, maxAge: 0 } }),
    serialize: (name, value) => `${name}=${value}`,
  }
  const event = {
    url: new URL(url),
    request,
    cookies,
    locals: {},
    params: {},
    route: { id: null },
    platform: undefined,
    isDataRequest: false,
    isSubRequest: false,
    getClientAddress: () => "127.0.0.1",
    setHeaders: () => {},
    fetch,
  } as unknown as RequestEvent
  return { event, written }
}

/** A form post from the app's own pages, as a browser sends it. */
export function formPost(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): TestEvent {
  return testEvent(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin, ...headers },
    body: new URLSearchParams(fields),
  })
}
