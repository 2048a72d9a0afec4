import { setEnvDefaults } from "@gatehouse/core"
import type { NextAuthConfig } from "./types.js"

const nextBasePath = "/api/auth"

/**
 * Next's defaults on top of core's: the routes live under /api/auth unless AUTH_URL (or NEXTAUTH_URL)
 * names a deeper path, which is how a Next.js `basePath` (e.g. https://host/app/api/auth) is told.
 * Core then fills the secret (AUTH_SECRET, NEXTAUTH_SECRET, AUTH_SECRET_1..3), trustHost (true in
 * development, with AUTH_URL/NEXTAUTH_URL, AUTH_TRUST_HOST or a known platform) and provider credentials.
 * Mutates `config`.
 */
export function applyNextEnvDefaults(config: NextAuthConfig, env: Record<string, string | undefined> = process.env): void {
  if (!config.basePath) {
    const pathFromUrl = basePathFromUrl(env.AUTH_URL ?? env.NEXTAUTH_URL)
    config.basePath = pathFromUrl ?? nextBasePath
  }
  // The basePath was decided above, so core's "AUTH_URL and basePath both set" warning would only be noise.
  setEnvDefaults(env, config as Parameters<typeof setEnvDefaults>[1], true)
}

function basePathFromUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const pathname = new URL(url).pathname.replace(/\/+$/, "")
    return pathname === "" ? undefined : pathname
  } catch {
    // A malformed AUTH_URL is reported by core when it builds action URLs; keep the default here.
    return undefined
  }
}
