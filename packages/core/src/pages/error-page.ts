import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import { html } from "./html.js"
import { en, type MessageKey } from "./locales/en.js"
import { message, type PageLocale } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"

/**
 * The error types the page explains, with their status. Each has `error.<type>.heading` and
 * `error.<type>.text` in every catalogue, and `error.<type>.hint` (what the visitor can do) where
 * English has one (catalogues.test.ts holds every language to English's keys).
 */
const explained: Record<string, number> = {
  Configuration: 500,
  AccessDenied: 403,
  RateLimited: 429,
  Verification: 403,
  WebAuthnVerificationError: 403,
}

/**
 * The built-in error page, in the request's language. Only the known error names get their own
 * text; nothing echoes input.
 */
export function errorPage(options: Pick<InternalOptions, "url" | "theme" | "locale">, error: string | undefined): ResponseInternal<string> {
  const { locale } = options
  const known = !!error && Object.hasOwn(explained, error)
  const content = known ? explanation(options, error) : unknownError(options)
  const status = known ? explained[error] : 200
  return { status, headers: pageHeaders(), body: renderPage(locale, "error.title", content, options.theme) }
}

function explanation(options: { url: URL; locale: PageLocale }, error: string) {
  const { locale } = options
  const key = (part: "heading" | "text" | "hint") => `error.${error}.${part}` as MessageKey
  const hint = key("hint")
  // Signing in again can help with anything but the server's own configuration.
  const signIn = explained[error] !== 500
  return html`<div class="card"><h1>${message(locale, key("heading"))}</h1><p>${message(locale, key("text"))}</p>${Object.hasOwn(en, hint) ? html`<p>${message(locale, hint)}</p>` : ""}${signIn ? html`<a class="button" href="${options.url.href}/signin">${message(locale, "error.signIn")}</a>` : ""}</div>`
}

function unknownError(options: { url: URL; locale: PageLocale }) {
  const { locale, url } = options
  return html`<div class="card"><h1>${message(locale, "error.default.heading")}</h1><p>${message(locale, "error.default.text")}</p><a class="button" href="${url.origin}">${message(locale, "error.default.back", { host: url.host })}</a></div>`
}
