import type { InternalOptions, InternalProvider } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import { html } from "./html.js"
import { message } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"

export interface VerifyRequestView {
  /** The e-mail provider whose code form to show; none shows Auth.js's plain page. */
  codeProvider?: InternalProvider<"email">
  csrfToken?: string
  /** Pre-fills the address field (from `?email=`). */
  email?: string
  /** Set after a code was refused. */
  error?: string
}

/**
 * "Check your email", after a magic link was sent. With codes on, it also has a form for the
 * code from the mail (address + code, posted to /callback/<id>), for signing in here while the
 * mail was read on another device.
 */
export function verifyRequestPage(options: InternalOptions, view: VerifyRequestView = {}): ResponseInternal<string> {
  const { locale } = options
  const provider = view.codeProvider
  const codeForm = provider
    ? html`<hr>${view.error ? html`<div class="error" role="alert">${message(locale, "verify.codeError")}</div>` : ""}<p>${message(locale, "verify.codeIntro")}</p><form class="provider" action="${provider.callbackUrl}" method="POST">${view.csrfToken ? html`<input type="hidden" name="csrfToken" value="${view.csrfToken}">` : ""}<label for="verify-email">${message(locale, "verify.email")}</label><input id="verify-email" type="email" name="email" value="${view.email ?? ""}" autocomplete="email" required><label for="verify-code">${message(locale, "verify.code")}</label><input id="verify-code" type="text" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" placeholder="ABCD-EFGH" maxlength="12" required><button type="submit">${message(locale, "verify.codeButton")}</button></form>`
    : ""
  const content = html`<div class="card"><h1>${message(locale, "verify.heading")}</h1><p>${message(locale, "verify.sent")}</p>${codeForm}<a class="button" href="${options.url.origin}">${options.url.host}</a></div>`
  return { status: 200, headers: pageHeaders(), body: renderPage(locale, "verify.title", content, options.theme) }
}
