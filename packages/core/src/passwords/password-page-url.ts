import type { InternalOptions } from "../providers/types.js"

/**
 * The built-in password pages: `signup`, `forgot`, `reset` (a link's token, or the address and
 * code), `verify` (enter the mailed code) under `{basePath}/password/`, and `confirm`, the page a
 * verification link opens (`{basePath}/callback/password`).
 */
export type PasswordPage = "signup" | "forgot" | "reset" | "verify" | "confirm"

export function passwordPageUrl(options: Pick<InternalOptions, "url">, page: PasswordPage, params: Record<string, string> = {}): string {
  const path = page === "confirm" ? "callback/password" : `password/${page}`
  const query = new URLSearchParams(params).toString()
  return `${options.url}/${path}${query ? `?${query}` : ""}`
}
