import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import { html, type SafeHtml } from "../pages/html.js"
import { passwordMessage, passwordMessageText, type PasswordMessageKey } from "./password-messages.js"
import { pageHeaders, renderPage } from "../pages/render-page.js"

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

/** The new-password hint under its field: only these pages show one, so the shared stylesheet does not carry it. */
const hintStyle = html`<style>.hint{font-size:.85rem;margin:-4px 0 12px;text-align:left}</style>`

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
  const t = (key: PasswordMessageKey, values?: Record<string, unknown>) => passwordMessage(locale, key, values)
  const base = `${options.url}`
  const error = query.error && errors.has(query.error) ? query.error : undefined
  const alert = error ? html`<div class="error" role="alert">${t(`error.${error}` as PasswordMessageKey)}</div>` : ""
  const hidden = html`${options.csrfToken ? html`<input type="hidden" name="csrfToken" value="${options.csrfToken}">` : ""}<input type="hidden" name="callbackUrl" value="${options.callbackUrl}">`
  const email = query.email ?? ""
  const emailField = html`<label for="password-email">${t("email")}</label><input id="password-email" type="email" name="email" value="${email}" autocomplete="email" required>`
  const minLength = options.provider.policy?.minLength ?? 8
  const newPassword = html`<label for="password-new">${t("newPassword")}</label><input id="password-new" type="password" name="password" autocomplete="new-password" minlength="${String(minLength)}" maxlength="4096" aria-describedby="password-hint" required><p id="password-hint" class="hint">${t("hint", { min: String(minLength) })}</p>`
  const codeField = html`<label for="password-code">${t("code")}</label><input id="password-code" type="text" name="code" autocomplete="one-time-code" inputmode="text" autocapitalize="characters" spellcheck="false" required>`
  const back = html`<p class="links"><a href="${base}/signin">${t("signinLink")}</a></p>`

  let title: PasswordMessageKey
  let content: SafeHtml
  if (page === "signup") {
    title = "signup.title"
    content = html`<h1>${t("signup.heading")}</h1>${alert}<form class="provider" action="${base}/callback/password" method="POST">${hidden}<input type="hidden" name="action" value="signup"><label for="password-name">${t("name")}</label><input id="password-name" type="text" name="name" autocomplete="name" maxlength="256">${emailField}${newPassword}<button type="submit">${t("signup.button")}</button></form>${back}`
  } else if (page === "verify") {
    title = "verify.title"
    content = html`<h1>${t("verify.heading")}</h1>${alert}<p>${t("verify.text")}</p><form class="provider" action="${base}/callback/password" method="POST">${hidden}<input type="hidden" name="action" value="verify">${emailField}${codeField}<button type="submit">${t("verify.button")}</button></form>`
  } else if (page === "forgot") {
    title = "forgot.title"
    content = html`<h1>${t("forgot.heading")}</h1>${alert}<p>${t("forgot.text")}</p><form class="provider" action="${base}/password/forgot" method="POST">${hidden}${emailField}<button type="submit">${t("forgot.button")}</button></form>${back}`
  } else {
    title = "reset.title"
    // With a link's token the address is known; otherwise the code from the mail stands in for it.
    const proof = query.token
      ? html`<input type="hidden" name="token" value="${query.token}">`
      : html`${query.sent ? html`<p>${t("reset.sent")}</p>` : ""}${emailField}${codeField}`
    content = html`<h1>${t("reset.heading")}</h1>${alert}<form class="provider" action="${base}/password/reset" method="POST">${hidden}${proof}${newPassword}<button type="submit">${t("reset.button")}</button></form>${back}`
  }
  return {
    status: 200,
    headers: pageHeaders(),
    body: renderPage(
      locale,
      { text: passwordMessageText(locale, title) },
      html`<div class="card">${content}</div>`,
      options.theme,
      hintStyle,
    ),
  }
}

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
