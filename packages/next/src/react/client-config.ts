"use client"

/**
 * Where the browser finds the auth routes. In the browser a relative basePath is enough; during server
 * rendering of client components an absolute URL is needed (NEXTAUTH_URL_INTERNAL, NEXTAUTH_URL, AUTH_URL).
 * `<SessionProvider basePath>` overrides the path. Exported as `__NEXTAUTH` for next-auth compatibility.
 */
export const clientConfig = {
  basePath: pathOf(readEnv("NEXTAUTH_URL") ?? readEnv("AUTH_URL")) ?? "/api/auth",
  baseUrlServer: originOf(readEnv("NEXTAUTH_URL_INTERNAL") ?? readEnv("NEXTAUTH_URL") ?? readEnv("AUTH_URL")) ?? "http://localhost:3000",
  basePathServer: pathOf(readEnv("NEXTAUTH_URL_INTERNAL") ?? readEnv("NEXTAUTH_URL") ?? readEnv("AUTH_URL")) ?? "/api/auth",
}

/** Absolute or relative URL of an auth route, depending on where the code runs. */
export function authRouteUrl(route: string): string {
  if (typeof window === "undefined") return `${clientConfig.baseUrlServer}${clientConfig.basePathServer}/${route}`
  return `${clientConfig.basePath}/${route}`
}

function readEnv(name: string): string | undefined {
  try {
    return typeof process !== "undefined" ? process.env?.[name] || undefined : undefined
  } catch {
    return undefined
  }
}

function parse(url: string | undefined): URL | undefined {
  if (!url) return undefined
  try {
    return new URL(url.startsWith("http") ? url : `https://${url}`)
  } catch {
    return undefined
  }
}

function pathOf(url: string | undefined): string | undefined {
  const path = parse(url)?.pathname.replace(/\/+$/, "")
  return path ? path : undefined
}

function originOf(url: string | undefined): string | undefined {
  return parse(url)?.origin
}
