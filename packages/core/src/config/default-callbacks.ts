import { isoTime } from "../http/iso-time.js"
import type { CallbacksOptions, EventCallbacks } from "../types.js"
import { EventError } from "../errors.js"
import type { InternalOptions } from "../providers/types.js"

/** Auth.js's defaults: allow sign-in, same-origin redirects only, name/email/image in the session. */
export const defaultCallbacks: Required<CallbacksOptions> = {
  signIn: () => true,
  redirect: ({ url, baseUrl }) => sameOriginRedirect(url, baseUrl),
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: (session.expires as unknown) instanceof Date ? isoTime((session.expires as unknown as Date).getTime()) : session.expires,
    ...(session.authentication ? { authentication: session.authentication } : {}),
  }),
  jwt: ({ token }) => token,
}

/**
 * `url` if it stays on `baseUrl`'s origin, else `baseUrl`. Relative paths are joined to
 * `baseUrl`. Anything whose path would start with `//` (`//evil`, `/\evil`, `{origin}//evil`) is
 * refused too: routers that turn a same-origin URL back into its path would read it as
 * protocol-relative and leave the site.
 */
export function sameOriginRedirect(url: string, baseUrl: string): string {
  try {
    const base = new URL(baseUrl)
    const target = url.startsWith("/") ? new URL(`${baseUrl.replace(/\/$/, "")}${url}`) : new URL(url)
    if (target.origin !== base.origin || target.pathname.startsWith("//") || /^\/[\\/]/.test(url)) return baseUrl
    if (target.protocol !== "http:" && target.protocol !== "https:") return baseUrl
    return url.startsWith("/") ? `${baseUrl.replace(/\/$/, "")}${url}` : url
  } catch {
    return baseUrl
  }
}

/** Runs an event handler; a throwing handler is logged as EventError and never breaks the flow. */
export async function emitEvent<K extends keyof EventCallbacks>(
  options: Pick<InternalOptions, "events" | "logger">,
  name: K,
  message: Parameters<NonNullable<EventCallbacks[K]>>[0],
): Promise<void> {
  const handler = options.events[name] as ((message: unknown) => unknown) | undefined
  if (!handler) return
  try {
    await handler(message)
  } catch (error) {
    options.logger.error(new EventError(error as Error))
  }
}
