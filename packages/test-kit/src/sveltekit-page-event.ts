/**
 * A SvelteKit page request outside SvelteKit, for suites that run an integration's `handle` hook
 * directly: the RequestEvent reduced to what the hook reads (url, request, locals, cookies), with
 * the cookies it sets recorded. (packages/sveltekit's own tests use a fuller one beside them.)
 */
import type { Handle, RequestEvent } from "@sveltejs/kit"

export interface SvelteKitPageEvent {
  event: RequestEvent
  /** What the hook set through `event.cookies.set`, by name (last write wins). */
  cookieWrites: Map<string, string>
}

/** A GET of `url` sending the Cookie header `cookie`. */
export function svelteKitPageEvent(url: string, cookie: string): SvelteKitPageEvent {
  const cookieWrites = new Map<string, string>()
  const event = {
    url: new URL(url),
    request: new Request(url, { headers: { cookie } }),
    cookies: { set: (name: string, value: string) => void cookieWrites.set(name, value), delete: () => {} },
    locals: {},
  } as unknown as RequestEvent
  return { event, cookieWrites }
}

/** Runs `handle` on `event` and answers what `page` (the route, given the hook's locals) returned. */
export async function insideHandle<T>(
  handle: Handle,
  event: RequestEvent,
  page: (locals: RequestEvent["locals"]) => Promise<T>,
): Promise<T> {
  let result: { value: T } | undefined
  await handle({
    event,
    resolve: async (resolved) => {
      result = { value: await page(resolved.locals) }
      return new Response()
    },
  })
  if (!result) throw new Error("the handle hook answered without resolving the page")
  return result.value
}
