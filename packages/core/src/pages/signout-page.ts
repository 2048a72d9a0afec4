import type { InternalOptions } from "../config/internal-options.js"
import type { ResponseInternal } from "../types.js"
import { html } from "./html.js"
import { pageHeaders, renderPage } from "./render-page.js"

/** The sign-out confirmation: a POST with the CSRF token, so a link alone cannot sign anyone out. */
export function signoutPage(options: InternalOptions): ResponseInternal<string> {
  const content = html`<div class="card"><h1>Sign out</h1><p>Are you sure you want to sign out?</p><form action="${options.url.href}/signout" method="POST">${options.csrfToken ? html`<input type="hidden" name="csrfToken" value="${options.csrfToken}">` : ""}<button type="submit">Sign out</button></form></div>`
  return { status: 200, headers: pageHeaders(), body: renderPage("Sign Out", content, options.theme) }
}
