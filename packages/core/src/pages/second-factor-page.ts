import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import type { InlineScript } from "../webauthn/page-script/signin-page-script.js"
import { html, inlineScript, SafeHtml } from "./html.js"
import { type SecondFactorMessageKey, secondFactorCatalogues } from "./locales/second-factor.js"
import { catalogueFor, fillMarkup, type PageLocale } from "./page-locale.js"
import { pageHeaders, renderPage } from "./render-page.js"

/** The QR code, key and backup codes: only this page shows them, so the shared stylesheet does not carry their rules. */
const stepStyle = html`<style>.qr{margin:16px auto;max-width:220px;background:#fff;padding:8px;border-radius:6px}.qr svg{display:block;width:100%;height:auto}code.secret{word-break:break-all;font-size:.9rem}ul.backup-codes{columns:2;list-style:none;padding:0;font-size:1rem}ul.backup-codes li{margin:4px 0}</style>`

/** What the built-in second-factor page shows: one of its steps. */
export type SecondFactorView =
  /**
   * `codes`: the user has TOTP (a code, or a backup code, answers). `passkey`: one of the user's
   * passkeys may answer, with the WebAuthn provider's page script (its browser library and form
   * behaviour, the sign-in page's own) driving the ceremony. `signInAgain`: a step-up's challenge,
   * which a full sign-in may answer instead (its link).
   */
  | { step: "challenge"; error?: boolean; codes: boolean; passkey?: InlineScript; signInAgain?: string }
  | { step: "required" }
  | { step: "enrol"; secret: string; qr: string; error?: boolean }
  | { step: "backup-codes"; codes: string[]; continueTo: string }
  /** `passkeys`: how many of the user's passkeys answer the challenge too (when offered and TOTP is on). */
  | { step: "manage"; totp: boolean; backupCodesLeft: number; passkeys?: number }

/**
 * The built-in second-factor page: the challenge of a pending sign-in (TOTP or backup code,
 * `autocomplete="one-time-code"`, or a passkey), the enrolment (QR code, key, confirmation), the
 * backup codes shown once, and, for a signed-in user, turning it off or getting new codes. Plain
 * forms, no script but the passkey's (allowed by its CSP hash); every string from the page catalogues.
 */
export function secondFactorPage(options: InternalOptions, view: SecondFactorView, status = 200): ResponseInternal<string> {
  const { locale } = options
  const base = options.url.href.replace(/\/$/, "")
  const csrf = html`<input type="hidden" name="csrfToken" value="${options.csrfToken ?? ""}">`
  const error = (shown?: boolean) => (shown ? html`<div class="error" role="alert">${message(locale, "error")}</div>` : "")
  const codeField = (id: string) =>
    html`<label for="${id}">${message(locale, "code")}</label><input id="${id}" type="text" name="code" inputmode="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" maxlength="20" required autofocus>`
  let content: SafeHtml
  let script: InlineScript | undefined
  switch (view.step) {
    case "challenge": {
      script = view.passkey
      // The script fetches the options, runs the ceremony and posts its answer as `data` to the form's action.
      const passkeyForm = html`<form class="provider" action="${base}/callback/second-factor" method="POST" id="second-factor-passkey" data-webauthn-options="${base}/second-factor/passkey/options">${csrf}<p class="error" role="alert" data-webauthn-error data-failed-message="${text(locale, "passkey.failed")}" hidden></p><button type="submit">${message(locale, "passkey.use")}</button></form>`
      const codeForm = html`<form action="${base}/callback/second-factor" method="POST">${csrf}${codeField("second-factor-code")}<button type="submit">${message(locale, "verify")}</button></form>`
      const signInAgain = view.signInAgain ? html`<p><a href="${view.signInAgain}">${message(locale, "stepUp.signInAgain")}</a></p>` : ""
      content = !view.codes
        ? html`<h1>${message(locale, "passkey.heading")}</h1>${error(view.error)}<p>${message(locale, "passkey.only")}</p>${passkeyForm}${signInAgain}`
        : html`<h1>${message(locale, "challenge.heading")}</h1>${error(view.error)}<p>${message(locale, "challenge.intro")}</p>${codeForm}${view.passkey ? html`<hr><p>${message(locale, "passkey.or")}</p>${passkeyForm}` : ""}${signInAgain}`
      break
    }
    case "required":
      content = html`<h1>${message(locale, "enrol.heading")}</h1><p>${message(locale, "required")}</p><form action="${base}/second-factor/totp/enroll" method="POST">${csrf}<button type="submit">${message(locale, "enrol.start")}</button></form>`
      break
    case "enrol":
      content = html`<h1>${message(locale, "enrol.heading")}</h1>${error(view.error)}<p>${message(locale, "enrol.intro")}</p><figure class="qr" role="img" aria-label="${text(locale, "enrol.qr")}">${new SafeHtml(view.qr)}</figure><p>${message(locale, "enrol.key")} <code class="secret">${view.secret}</code></p><form action="${base}/second-factor/totp/confirm" method="POST">${csrf}${codeField("second-factor-confirm")}<button type="submit">${message(locale, "enrol.confirm")}</button></form>`
      break
    case "backup-codes":
      content = html`<h1>${message(locale, "backupCodes.heading")}</h1><p>${message(locale, "backupCodes.intro")}</p><ul class="backup-codes">${view.codes.map((code) => html`<li><code>${code}</code></li>`)}</ul><a class="button" href="${view.continueTo}">${message(locale, "continue")}</a>`
      break
    case "manage":
      content = view.totp
        ? html`<h1>${message(locale, "manage.heading")}</h1><p>${message(locale, "manage.on", { count: view.backupCodesLeft })}</p>${view.passkeys ? html`<p>${message(locale, "manage.passkeys", { count: view.passkeys })}</p>` : ""}<form action="${base}/second-factor/backup-codes" method="POST">${csrf}<button type="submit">${message(locale, "manage.newCodes")}</button></form><form action="${base}/second-factor/disable" method="POST">${csrf}<button type="submit">${message(locale, "manage.disable")}</button></form>`
        : html`<h1>${message(locale, "manage.heading")}</h1><p>${message(locale, "manage.off")}</p><form action="${base}/second-factor/totp/enroll" method="POST">${csrf}<button type="submit">${message(locale, "enrol.start")}</button></form>`
      break
  }
  return {
    status,
    headers: pageHeaders(script?.hash),
    body: renderPage(
      locale,
      "secondFactor.title",
      html`<main class="card">${content}</main>${script ? inlineScript(script.source) : ""}`,
      options.theme,
      stepStyle,
    ),
  }
}

/** The page's strings in the request's language (English for a language without them). */
function text(locale: PageLocale, key: SecondFactorMessageKey): string {
  return catalogueFor(secondFactorCatalogues, locale)[key]
}

/** A string with its `{placeholders}` filled, every value escaped. */
function message(locale: PageLocale, key: SecondFactorMessageKey, values: Record<string, unknown> = {}): SafeHtml {
  return fillMarkup(text(locale, key), values)
}
