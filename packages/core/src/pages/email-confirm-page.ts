import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import { html } from "./html.js"
import { message } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"

export interface EmailConfirmView {
  /** Where the form posts: the provider's callback URL. */
  action: string
  token: string
  email: string
  callbackUrl: string
  csrfToken?: string
  /** More hidden fields the form posts (the Password provider's `action=verify`). */
  fields?: Record<string, string>
}

/**
 * What opening a magic link shows: one button that POSTs the link's token back. Mail scanners
 * and link previews fetch the link but do not press the button, so they cannot use it up. The
 * page holds the token, so it is never cached and never sent on as a referrer (see pageHeaders).
 */
export function emailConfirmPage(
  options: Pick<InternalOptions, "url" | "theme" | "locale">,
  view: EmailConfirmView,
): ResponseInternal<string> {
  const { locale } = options
  const question = message(locale, "confirm.question", { host: options.url.host, email: html`<strong>${view.email}</strong>` })
  const content = html`<div class="card"><h1>${message(locale, "confirm.heading")}</h1><p>${question}</p><form action="${view.action}" method="POST">${view.csrfToken ? html`<input type="hidden" name="csrfToken" value="${view.csrfToken}">` : ""}${Object.entries(view.fields ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}<input type="hidden" name="token" value="${view.token}"><input type="hidden" name="email" value="${view.email}"><input type="hidden" name="callbackUrl" value="${view.callbackUrl}"><button type="submit">${message(locale, "confirm.button")}</button></form></div>`
  return { status: 200, headers: pageHeaders(), body: renderPage(locale, "confirm.title", content, options.theme) }
}
