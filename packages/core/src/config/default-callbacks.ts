import type { CallbacksOptions } from "../types.js"

/** Auth.js's defaults: allow sign-in, same-origin redirects only, name/email/image in the session. */
export const defaultCallbacks: Required<CallbacksOptions> = {
  signIn: () => true,
  redirect: ({ url, baseUrl }) => sameOriginRedirect(url, baseUrl),
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: (session.expires as unknown) instanceof Date ? (session.expires as unknown as Date).toISOString() : session.expires,
  }),
  jwt: ({ token }) => token,
}

/**
 * `url` if it stays on `baseUrl`'s origin, else `baseUrl`. Relative paths are resolved on
 * `baseUrl`; protocol-relative (`//evil`), backslash (`/\evil`) and scheme tricks resolve
 * off-origin and are refused.
 */
export function sameOriginRedirect(url: string, baseUrl: string): string {
  try {
    const base = new URL(baseUrl)
    if (url.startsWith("/")) {
      const joined = `${baseUrl.replace(/\/$/, "")}${url}`
      return new URL(joined).origin === base.origin ? joined : baseUrl
    }
    const target = new URL(url)
    if (target.origin === base.origin && (target.protocol === "http:" || target.protocol === "https:")) return url
  } catch {
    // Unparsable: fall back to the site.
  }
  return baseUrl
}
