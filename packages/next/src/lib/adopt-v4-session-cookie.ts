/**
 * Users signed in under next-auth 4 (or `@gatehouse/next/v4`) stay signed in when the app moves on
 * to the v5 API: a request that carries v4's session cookie (`next-auth.session-token`, `__Secure-`,
 * chunks) and no v5 one is handed to core as if it carried the v5 cookie — the JWT is read in v4's
 * format and re-encrypted in v5's, a database session token is taken as it is (v4 and Auth.js share
 * the rows) — and the answer re-issues it as the v5 cookie and deletes the v4 one wherever the
 * answer can set cookies. A v4 cookie that cannot be read (another secret, tampered, expired) is
 * deleted and signs no one in.
 */
import { parseSetCookie } from "@gatehouse/core/integration"
import { encode, getToken } from "@gatehouse/core/jwt"
import type { Cookie } from "@gatehouse/core/types"
import { decode as decodeV4 } from "../v4/jwt/decode.js"
import type { NextAuthConfig } from "./types.js"

/** Marks the config of `@gatehouse/next/v4`, whose session cookie is v4's own: nothing to adopt there. */
export const readsV4CookiesItself = Symbol.for("gatehouse.next.v4-layer")

const v4Names = ["__Secure-next-auth.session-token", "next-auth.session-token"]
const chunkName = /^(.+)\.(0|[1-9][0-9]{0,5})$/

export interface Adoption {
  request: Request
  /** Adds the v5 cookie and the v4 deletions to core's answer (a Response, or raw mode's `cookies`). */
  finish<T>(result: T): T
}

/** The same for a server call (`@gatehouse/core/server`): the headers to hand core, and what to add to its cookies. */
export interface HeadersAdoption {
  headers: Headers
  /** Core's cookies plus the v5 cookie (unless core set the session itself) and the v4 deletions. */
  finish(cookies: Cookie[]): Cookie[]
}

const unchanged = (request: Request): Adoption => ({ request, finish: (result) => result })

/** For the auth routes (a browser's request to `{basePath}/*`), see adoptV4Cookie. */
export async function adoptV4SessionCookie(request: Request, config: NextAuthConfig): Promise<Adoption> {
  const adoption = await adoptV4Cookie(request.headers, new URL(request.url), config)
  if (!adoption) return unchanged(request)
  const adopted = adoption.headers === request.headers ? request : new Request(request, { headers: adoption.headers })
  return { request: adopted, finish: (result) => withCookies(result, adoption) }
}

/**
 * The v4 session cookie on `headers` (of a request to `url`) adopted, or null when there is nothing
 * to adopt: no v4 cookie, a v5 one already there, or `@gatehouse/next/v4`'s own config.
 */
export async function adoptV4Cookie(
  headers: Headers,
  url: URL,
  config: NextAuthConfig,
): Promise<(HeadersAdoption & { v5Name: string; issued: Cookie[]; deletions: Cookie[] }) | null> {
  if ((config as unknown as Record<symbol, unknown>)[readsV4CookiesItself]) return null
  const cookies = cookieNames(headers.get("cookie"))
  const v4Present = [...cookies].filter((name) => v4Names.includes(name.replace(chunkName, "$1")))
  if (v4Present.length === 0) return null

  const secure = config.useSecureCookies ?? url.protocol === "https:"
  const v5Name = config.cookies?.sessionToken?.name ?? `${secure ? "__Secure-" : ""}authjs.session-token`
  if ([...cookies].some((name) => name.replace(chunkName, "$1") === v5Name)) return null

  const value = await v5ValueOf(headers, config, v5Name)
  const deletions: Cookie[] = v4Present.map((name) => ({
    name,
    value: "",
    options: { path: "/", httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-"), expires: new Date(0) },
  }))
  const issued: Cookie[] = value
    ? [
        {
          name: v5Name,
          value: value.token,
          options: { path: "/", httpOnly: true, sameSite: "lax", secure, expires: value.expires, ...config.cookies?.sessionToken?.options },
        },
      ]
    : []

  let adopted = headers
  if (value) {
    adopted = new Headers(headers)
    adopted.set("cookie", `${headers.get("cookie")}; ${v5Name}=${value.token}`)
  }
  const finish = (coreCookies: Cookie[]): Cookie[] => {
    const setsSession = coreCookies.some((cookie) => cookie.name.replace(chunkName, "$1") === v5Name)
    return [...coreCookies, ...(setsSession ? [] : issued), ...deletions]
  }
  return { headers: adopted, finish, v5Name, issued, deletions }
}

/** The v4 session as a v5 cookie value: the JWT re-encrypted (keeping its expiry), or the database session token. */
async function v5ValueOf(headers: Headers, config: NextAuthConfig, v5Name: string) {
  const secret = config.secret
  if (!secret) return undefined
  const strategy = config.session?.strategy ?? (config.adapter ? "database" : "jwt")
  for (const cookieName of v4Names) {
    const raw = await getToken({ req: { headers }, cookieName, secret, raw: true })
    if (!raw) continue
    const maxAge = config.session?.maxAge ?? 30 * 24 * 60 * 60
    if (strategy === "database") return { token: raw, expires: new Date(Date.now() + maxAge * 1000) }
    const claims = await getToken({ req: { headers }, cookieName, secret, decode: decodeV4 as never })
    if (!claims) return undefined
    const { iat: _iat, exp, jti: _jti, ...rest } = claims
    const secondsLeft = typeof exp === "number" ? exp - Math.floor(Date.now() / 1000) : maxAge
    if (secondsLeft <= 0) return undefined
    const token = await encode({ token: rest, secret, salt: v5Name, maxAge: secondsLeft })
    return { token, expires: new Date(Date.now() + secondsLeft * 1000) }
  }
  return undefined
}

function withCookies<T>(result: T, { v5Name, issued, deletions, finish }: NonNullable<Awaited<ReturnType<typeof adoptV4Cookie>>>): T {
  if (result instanceof Response) {
    const setsSession = result.headers.getSetCookie().some((line) => parseSetCookie(line)?.name.replace(chunkName, "$1") === v5Name)
    const headers = new Headers(result.headers)
    for (const cookie of [...(setsSession ? [] : issued), ...deletions]) headers.append("set-cookie", serialize(cookie))
    return new Response(result.body, { status: result.status, statusText: result.statusText, headers }) as T
  }
  if (result && typeof result === "object") {
    const internal = result as { cookies?: Cookie[] }
    internal.cookies = finish(internal.cookies ?? [])
  }
  return result
}

function serialize({ name, value, options }: Cookie): string {
  const parts = [`${name}=${value}`, `Path=${options.path ?? "/"}`]
  if (options.expires) parts.push(`Expires=${new Date(options.expires).toUTCString()}`)
  if (options.httpOnly) parts.push("HttpOnly")
  if (options.secure) parts.push("Secure")
  if (options.sameSite) parts.push(`SameSite=${String(options.sameSite).replace(/^./, (c) => c.toUpperCase())}`)
  if (options.domain) parts.push(`Domain=${options.domain}`)
  return parts.join("; ")
}

function cookieNames(header: string | null): Set<string> {
  const names = new Set<string>()
  for (const part of (header ?? "").split(";")) {
    const name = part.split("=")[0]?.trim()
    if (name) names.add(name)
  }
  return names
}
