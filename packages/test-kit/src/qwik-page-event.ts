/**
 * A Qwik City page request outside Qwik City, for suites that call @gatehouse/qwik's server helpers
 * directly: the request event reduced to what they read (url, request, env, cookie, sharedMap, and
 * the response's headers), with the cookies they set recorded.
 */
export interface QwikPageEvent {
  /** Pass as the helper's event (`as never`: the real type needs Qwik City's build-time modules). */
  event: {
    url: URL
    request: Request
    env: { get(name: string): string | undefined }
    cookie: { set(name: string, value: string): void }
    sharedMap: Map<string, unknown>
    /** The response's headers, as Qwik City's request event has them. */
    headers: Headers
  }
  /** What the helper set through `event.cookie.set`, by name (last write wins). */
  cookieWrites: Map<string, string>
}

/** A GET of `url` sending the Cookie header `cookie`, on a platform whose environment is `env`. */
export function qwikPageEvent(url: string, cookie: string, env: Record<string, string>): QwikPageEvent {
  const cookieWrites = new Map<string, string>()
  const event = {
    url: new URL(url),
    request: new Request(url, { headers: { cookie } }),
    env: { get: (name: string) => env[name] },
    cookie: { set: (name: string, value: string) => void cookieWrites.set(name, value) },
    sharedMap: new Map<string, unknown>(),
    headers: new Headers(),
  }
  return { event, cookieWrites }
}
