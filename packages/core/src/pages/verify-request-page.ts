import type { InternalOptions } from "../config/internal-options.js"
import type { ResponseInternal } from "../types.js"
import { html } from "./html.js"
import { pageHeaders, renderPage } from "./render-page.js"

/** "Check your email", after a magic link was sent. */
export function verifyRequestPage(options: InternalOptions): ResponseInternal<string> {
  const content = html`<div class="card"><h1>Check your email</h1><p>A sign in link has been sent to your email address.</p><a class="button" href="${options.url.origin}">${options.url.host}</a></div>`
  return { status: 200, headers: pageHeaders(), body: renderPage("Verify Request", content, options.theme) }
}
