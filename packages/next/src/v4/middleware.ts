/**
 * `@gatehouse/next/v4/middleware` — next-auth 4's `next-auth/middleware`: `withAuth` and the default
 * export (`export { default } from "@gatehouse/next/v4/middleware"` with `config.matcher`). As in v4
 * it reads the JWT session cookie (not database sessions) and sends whoever `authorized` refuses to
 * the sign-in page with a `callbackUrl` back.
 */
import { MissingSecret } from "@gatehouse/core/errors"
import { reportError } from "@gatehouse/core/integration"
import { type NextFetchEvent, type NextMiddleware, type NextRequest, NextResponse } from "next/server"
import { publicUrl } from "../lib/public-url.js"
import { getToken } from "./jwt/get-token.js"
import type { JWT, JWTOptions } from "./jwt/types.js"
import type { AuthOptions } from "./types.js"

/** next-auth 4's middleware request: the Next request with the decoded token at `nextauth.token`. */
export interface NextRequestWithAuth extends NextRequest {
  nextauth: { token: JWT | null }
}

/** A middleware function `withAuth` wraps (next-auth 4). */
export type NextMiddlewareWithAuth = (request: NextRequestWithAuth, event: NextFetchEvent) => ReturnType<NextMiddleware>

/**
 * Options of next-auth 4's `withAuth`: pages, the session cookie's name, a custom `decode`, the
 * `authorized` callback and the secret.
 */
export interface NextAuthMiddlewareOptions {
  pages?: Pick<NonNullable<AuthOptions["pages"]>, "signIn" | "error">
  cookies?: Partial<Record<"sessionToken", { name: string }>>
  jwt?: Partial<Pick<JWTOptions, "decode">>
  callbacks?: {
    /** Whether the request may go on. Default: there is a readable session token. */
    authorized?: (params: { token: JWT | null; req: NextRequest }) => boolean | Promise<boolean>
  }
  /** Default: NEXTAUTH_SECRET. */
  secret?: string
}

type WithAuthArgs =
  | [NextRequestWithAuth]
  | [NextRequestWithAuth, NextFetchEvent]
  | [NextRequestWithAuth, NextAuthMiddlewareOptions]
  | [NextMiddlewareWithAuth]
  | [NextMiddlewareWithAuth, NextAuthMiddlewareOptions]
  | [NextAuthMiddlewareOptions]
  | []

/** Paths the middleware never guards, as in v4: Next's assets and the auth routes and pages themselves. */
const publicPaths = ["/_next", "/favicon.ico"]

async function handleMiddleware(
  request: NextRequest,
  options: NextAuthMiddlewareOptions | undefined,
  onSuccess?: (token: JWT | null) => ReturnType<NextMiddleware>,
) {
  const { pathname, search, basePath } = request.nextUrl
  const origin = publicUrl(request).origin
  const signInPage = options?.pages?.signIn ?? "/api/auth/signin"
  const errorPage = options?.pages?.error ?? "/api/auth/error"
  const authPath = authPathOf(process.env.NEXTAUTH_URL)
  if (
    pathname.startsWith(authPath) ||
    [signInPage, errorPage].includes(pathname) ||
    publicPaths.some((path) => pathname.startsWith(path))
  ) {
    return
  }

  const secret = options?.secret ?? process.env.NEXTAUTH_SECRET
  if (!secret) {
    reportError(undefined, new MissingSecret("withAuth() needs `secret` or NEXTAUTH_SECRET to read the session cookie"))
    const errorUrl = new URL(`${basePath}${errorPage}`, origin)
    errorUrl.searchParams.append("error", "Configuration")
    return NextResponse.redirect(errorUrl)
  }

  const token = await getToken({
    req: request,
    decode: options?.jwt?.decode,
    cookieName: options?.cookies?.sessionToken?.name,
    secret,
  })
  const authorized = (await options?.callbacks?.authorized?.({ req: request, token })) ?? Boolean(token)
  if (authorized) return onSuccess?.(token)

  const signInUrl = new URL(`${basePath}${signInPage}`, origin)
  signInUrl.searchParams.append("callbackUrl", `${basePath}${pathname}${search}`)
  return NextResponse.redirect(signInUrl)
}

function authPathOf(url: string | undefined): string {
  try {
    const path = url ? new URL(url).pathname.replace(/\/+$/, "") : ""
    return path || "/api/auth"
  } catch {
    return "/api/auth"
  }
}

/**
 * `withAuth(req)` / `withAuth(req, event)`: run as the middleware itself. `withAuth(middleware, options?)`:
 * guard and then run `middleware` with `req.nextauth.token`. `withAuth(options)`: a middleware with options.
 */
export function withAuth(): ReturnType<NextMiddlewareWithAuth>
export function withAuth(request: NextRequestWithAuth): ReturnType<NextMiddlewareWithAuth>
export function withAuth(request: NextRequestWithAuth, event: NextFetchEvent): ReturnType<NextMiddlewareWithAuth>
export function withAuth(request: NextRequestWithAuth, options: NextAuthMiddlewareOptions): ReturnType<NextMiddlewareWithAuth>
export function withAuth(middleware: NextMiddlewareWithAuth, options: NextAuthMiddlewareOptions): NextMiddlewareWithAuth
export function withAuth(middleware: NextMiddlewareWithAuth): NextMiddlewareWithAuth
export function withAuth(options: NextAuthMiddlewareOptions): NextMiddlewareWithAuth
export function withAuth(...args: WithAuthArgs): ReturnType<NextMiddlewareWithAuth> | NextMiddlewareWithAuth {
  if (args.length === 0 || args[0] instanceof Request) {
    return handleMiddleware(args[0] as NextRequest, args[1] as NextAuthMiddlewareOptions | undefined)
  }
  if (typeof args[0] === "function") {
    const middleware = args[0]
    const options = args[1] as NextAuthMiddlewareOptions | undefined
    return (request: NextRequestWithAuth, event: NextFetchEvent) =>
      handleMiddleware(request, options, async (token) => {
        request.nextauth = { token }
        return middleware(request, event)
      })
  }
  const options = args[0] as NextAuthMiddlewareOptions
  return (request: NextRequestWithAuth) => handleMiddleware(request, options)
}

export default withAuth
