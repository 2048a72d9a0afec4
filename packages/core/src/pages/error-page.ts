import type { InternalOptions } from "../config/internal-options.js"
import type { ResponseInternal } from "../types.js"
import { html, type SafeHtml } from "./html.js"
import { pageHeaders, renderPage } from "./render-page.js"

interface ErrorView {
  status: number
  heading: string
  message: SafeHtml
}

/** The built-in error page. Only the known error names get their own text; nothing echoes input. */
export function errorPage(options: Pick<InternalOptions, "url" | "theme">, error: string | undefined): ResponseInternal<string> {
  const origin = options.url.origin
  const signinUrl = `${options.url.href}/signin`
  const views: Record<string, ErrorView> = {
    Configuration: {
      status: 500,
      heading: "Server error",
      message: html`<p>There is a problem with the server configuration.</p><p>Check the server logs for more information.</p>`,
    },
    AccessDenied: {
      status: 403,
      heading: "Access Denied",
      message: html`<p>You do not have permission to sign in.</p><a class="button" href="${signinUrl}">Sign in</a>`,
    },
    RateLimited: {
      status: 429,
      heading: "Too many attempts",
      message: html`<p>There have been too many sign-in attempts.</p><p>Wait a little, then try again.</p><a class="button" href="${signinUrl}">Sign in</a>`,
    },
    Verification: {
      status: 403,
      heading: "Unable to sign in",
      message: html`<p>The sign in link is no longer valid.</p><p>It may have been used already or it may have expired.</p><a class="button" href="${signinUrl}">Sign in</a>`,
    },
  }
  const view = (error && Object.hasOwn(views, error) && views[error]) || {
    status: 200,
    heading: "Error",
    message: html`<p>Something went wrong while signing in.</p><a class="button" href="${origin}">Back to ${options.url.host}</a>`,
  }
  const content = html`<div class="card"><h1>${view.heading}</h1>${view.message}</div>`
  return { status: view.status, headers: pageHeaders(), body: renderPage("Error", content, options.theme) }
}
