import type { InternalOptions } from "../config/internal-options.js"
import type { ResponseInternal } from "../types.js"
import { html, SafeHtml } from "./html.js"
import { message } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"

/** What the built-in second-factor page shows: one of its steps. */
export type SecondFactorView =
  | { step: "challenge"; error?: boolean }
  | { step: "required" }
  | { step: "enrol"; secret: string; qr: string; error?: boolean }
  | { step: "backup-codes"; codes: string[]; continueTo: string }
  | { step: "manage"; totp: boolean; backupCodesLeft: number }

/**
 * The built-in second-factor page: the challenge of a pending sign-in (TOTP or backup code,
 * `autocomplete="one-time-code"`), the enrolment (QR code, key, confirmation), the backup codes
 * shown once, and, for a signed-in user, turning it off or getting new codes. Plain forms, no
 * script; every string from the page catalogues.
 */
export function secondFactorPage(options: InternalOptions, view: SecondFactorView, status = 200): ResponseInternal<string> {
  const { locale } = options
  const base = options.url.href.replace(/\/$/, "")
  const csrf = html`<input type="hidden" name="csrfToken" value="${options.csrfToken ?? ""}">`
  const error = (shown?: boolean) => (shown ? html`<div class="error" role="alert">${message(locale, "secondFactor.error")}</div>` : "")
  const codeField = (id: string) =>
    html`<label for="${id}">${message(locale, "secondFactor.code")}</label><input id="${id}" type="text" name="code" inputmode="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" maxlength="20" required autofocus>`
  let content: SafeHtml
  switch (view.step) {
    case "challenge":
      content = html`<h1>${message(locale, "secondFactor.challenge.heading")}</h1>${error(view.error)}<p>${message(locale, "secondFactor.challenge.intro")}</p><form action="${base}/callback/second-factor" method="POST">${csrf}${codeField("second-factor-code")}<button type="submit">${message(locale, "secondFactor.verify")}</button></form>`
      break
    case "required":
      content = html`<h1>${message(locale, "secondFactor.enrol.heading")}</h1><p>${message(locale, "secondFactor.required")}</p><form action="${base}/second-factor/totp/enroll" method="POST">${csrf}<button type="submit">${message(locale, "secondFactor.enrol.start")}</button></form>`
      break
    case "enrol":
      content = html`<h1>${message(locale, "secondFactor.enrol.heading")}</h1>${error(view.error)}<p>${message(locale, "secondFactor.enrol.intro")}</p><figure class="qr" role="img" aria-label="${locale.messages["secondFactor.enrol.qr"]}">${new SafeHtml(view.qr)}</figure><p>${message(locale, "secondFactor.enrol.key")} <code class="secret">${view.secret}</code></p><form action="${base}/second-factor/totp/confirm" method="POST">${csrf}${codeField("second-factor-confirm")}<button type="submit">${message(locale, "secondFactor.enrol.confirm")}</button></form>`
      break
    case "backup-codes":
      content = html`<h1>${message(locale, "secondFactor.backupCodes.heading")}</h1><p>${message(locale, "secondFactor.backupCodes.intro")}</p><ul class="backup-codes">${view.codes.map((code) => html`<li><code>${code}</code></li>`)}</ul><a class="button" href="${view.continueTo}">${message(locale, "secondFactor.continue")}</a>`
      break
    case "manage":
      content = view.totp
        ? html`<h1>${message(locale, "secondFactor.manage.heading")}</h1><p>${message(locale, "secondFactor.manage.on", { count: view.backupCodesLeft })}</p><form action="${base}/second-factor/backup-codes" method="POST">${csrf}<button type="submit">${message(locale, "secondFactor.manage.newCodes")}</button></form><form action="${base}/second-factor/disable" method="POST">${csrf}<button type="submit">${message(locale, "secondFactor.manage.disable")}</button></form>`
        : html`<h1>${message(locale, "secondFactor.manage.heading")}</h1><p>${message(locale, "secondFactor.manage.off")}</p><form action="${base}/second-factor/totp/enroll" method="POST">${csrf}<button type="submit">${message(locale, "secondFactor.enrol.start")}</button></form>`
      break
  }
  return {
    status,
    headers: pageHeaders(),
    body: renderPage(locale, "secondFactor.title", html`<main class="card">${content}</main>`, options.theme),
  }
}
