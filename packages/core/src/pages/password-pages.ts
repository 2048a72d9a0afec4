import type { InternalOptions } from "../config/internal-options.js"
import type { ResponseInternal } from "../types.js"
import { html, type SafeHtml } from "./html.js"
import type { MessageKey } from "./locales/catalogues.js"
import { message } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"

type PageOptions = Pick<InternalOptions, "url" | "theme" | "locale" | "csrfToken" | "callbackUrl"> & {
  provider: { policy?: { minLength?: number } }
}

const errors = new Set([
  "invalid_email",
  "invalid_code",
  "password_too_short",
  "password_too_long",
  "password_common",
  "password_breached",
  "password_rule",
])

/**
 * The built-in password pages: sign-up, "check your email" (enter the code), forgot, reset (with
 * a link's token, or the address and code). Every field has a label and the autocomplete a
 * password manager needs (`email`, `new-password`, `one-time-code`); errors are announced (role=alert).
 */
export function passwordPage(
  options: PageOptions,
  page: "signup" | "verify" | "forgot" | "reset",
  query: Record<string, string>,
): ResponseInternal<string> {
  const { locale } = options
  const t = (key: MessageKey, values?: Record<string, unknown>) => message(locale, key, values)
  const base = `${options.url}`
  const error = query.error && errors.has(query.error) ? query.error : undefined
  const alert = error ? html`<div class="error" role="alert">${t(`password.error.${error}` as MessageKey)}</div>` : ""
  const hidden = html`${options.csrfToken ? html`<input type="hidden" name="csrfToken" value="${options.csrfToken}">` : ""}<input type="hidden" name="callbackUrl" value="${options.callbackUrl}">`
  const email = query.email ?? ""
  const emailField = html`<label for="password-email">${t("password.email")}</label><input id="password-email" type="email" name="email" value="${email}" autocomplete="email" required>`
  const minLength = options.provider.policy?.minLength ?? 8
  const newPassword = html`<label for="password-new">${t("password.newPassword")}</label><input id="password-new" type="password" name="password" autocomplete="new-password" minlength="${String(minLength)}" maxlength="4096" aria-describedby="password-hint" required><p id="password-hint" class="hint">${t("password.hint", { min: String(minLength) })}</p>`
  const codeField = html`<label for="password-code">${t("password.code")}</label><input id="password-code" type="text" name="code" autocomplete="one-time-code" inputmode="text" autocapitalize="characters" spellcheck="false" required>`
  const back = html`<p><a href="${base}/signin">${t("password.signinLink")}</a></p>`

  let title: MessageKey
  let content: SafeHtml
  if (page === "signup") {
    title = "password.signup.title"
    content = html`<h1>${t("password.signup.heading")}</h1>${alert}<form class="provider" action="${base}/callback/password" method="POST">${hidden}<input type="hidden" name="action" value="signup"><label for="password-name">${t("password.name")}</label><input id="password-name" type="text" name="name" autocomplete="name" maxlength="256">${emailField}${newPassword}<button type="submit">${t("password.signup.button")}</button></form>${back}`
  } else if (page === "verify") {
    title = "password.verify.title"
    content = html`<h1>${t("password.verify.heading")}</h1>${alert}<p>${t("password.verify.text")}</p><form class="provider" action="${base}/callback/password" method="POST">${hidden}<input type="hidden" name="action" value="verify">${emailField}${codeField}<button type="submit">${t("password.verify.button")}</button></form>`
  } else if (page === "forgot") {
    title = "password.forgot.title"
    content = html`<h1>${t("password.forgot.heading")}</h1>${alert}<p>${t("password.forgot.text")}</p><form class="provider" action="${base}/password/forgot" method="POST">${hidden}${emailField}<button type="submit">${t("password.forgot.button")}</button></form>${back}`
  } else {
    title = "password.reset.title"
    // With a link's token the address is known; otherwise the code from the mail stands in for it.
    const proof = query.token
      ? html`<input type="hidden" name="token" value="${query.token}">`
      : html`${query.sent ? html`<p>${t("password.reset.sent")}</p>` : ""}${emailField}${codeField}`
    content = html`<h1>${t("password.reset.heading")}</h1>${alert}<form class="provider" action="${base}/password/reset" method="POST">${hidden}${proof}${newPassword}<button type="submit">${t("password.reset.button")}</button></form>${back}`
  }
  return {
    status: 200,
    headers: pageHeaders(),
    body: renderPage(locale, title, html`<div class="card">${content}</div>`, options.theme),
  }
}
