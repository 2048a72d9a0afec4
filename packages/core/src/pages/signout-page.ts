import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import { html } from "./html.js"
import { message } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"

/** The sign-out confirmation: a POST with the CSRF token, so a link alone cannot sign anyone out. */
export function signoutPage(options: InternalOptions): ResponseInternal<string> {
  const { locale } = options
  const content = html`<div class="card"><h1>${message(locale, "signout.heading")}</h1><p>${message(locale, "signout.question")}</p><form action="${options.url.href}/signout" method="POST">${options.csrfToken ? html`<input type="hidden" name="csrfToken" value="${options.csrfToken}">` : ""}<button type="submit">${message(locale, "signout.button")}</button></form></div>`
  return { status: 200, headers: pageHeaders(), body: renderPage(locale, "signout.title", content, options.theme) }
}
