import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import { html } from "./html.js"
import type { MessageKey } from "./locales/en.js"
import { message, type PageLocale } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"

interface Explanation {
  status: number
  heading: MessageKey
  text: MessageKey
  /** What the visitor can do about it. */
  hint?: MessageKey
  /** Whether signing in again can help. */
  signIn: boolean
}

/** The error types the page explains, each in every catalogue. */
const explained = {
  Configuration: {
    status: 500,
    heading: "error.Configuration.heading",
    text: "error.Configuration.text",
    hint: "error.Configuration.hint",
    signIn: false,
  },
  AccessDenied: { status: 403, heading: "error.AccessDenied.heading", text: "error.AccessDenied.text", signIn: true },
  RateLimited: {
    status: 429,
    heading: "error.RateLimited.heading",
    text: "error.RateLimited.text",
    hint: "error.RateLimited.hint",
    signIn: true,
  },
  Verification: {
    status: 403,
    heading: "error.Verification.heading",
    text: "error.Verification.text",
    hint: "error.Verification.hint",
    signIn: true,
  },
  WebAuthnVerificationError: {
    status: 403,
    heading: "error.WebAuthnVerificationError.heading",
    text: "error.WebAuthnVerificationError.text",
    hint: "error.WebAuthnVerificationError.hint",
    signIn: true,
  },
} satisfies Record<string, Explanation>

type ExplainedError = keyof typeof explained

/**
 * The built-in error page, in the request's language. Only the known error names get their own
 * text; nothing echoes input.
 */
export function errorPage(options: Pick<InternalOptions, "url" | "theme" | "locale">, error: string | undefined): ResponseInternal<string> {
  const { locale } = options
  const content = error && Object.hasOwn(explained, error) ? explanation(options, error as ExplainedError) : unknownError(options)
  const status = error && Object.hasOwn(explained, error) ? explained[error as ExplainedError].status : 200
  return { status, headers: pageHeaders(), body: renderPage(locale, "error.title", content, options.theme) }
}

function explanation(options: { url: URL; locale: PageLocale }, error: ExplainedError) {
  const { locale } = options
  const { heading, text, hint, signIn }: Explanation = explained[error]
  return html`<div class="card"><h1>${message(locale, heading)}</h1><p>${message(locale, text)}</p>${hint ? html`<p>${message(locale, hint)}</p>` : ""}${signIn ? html`<a class="button" href="${options.url.href}/signin">${message(locale, "error.signIn")}</a>` : ""}</div>`
}

function unknownError(options: { url: URL; locale: PageLocale }) {
  const { locale, url } = options
  return html`<div class="card"><h1>${message(locale, "error.default.heading")}</h1><p>${message(locale, "error.default.text")}</p><a class="button" href="${url.origin}">${message(locale, "error.default.back", { host: url.host })}</a></div>`
}
