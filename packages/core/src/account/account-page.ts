import type { AccountSummary } from "./account-summary.js"
import { type AccountMessageKey, accountMessage, accountMessageText } from "./account-messages.js"
import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import { html, type SafeHtml } from "../pages/html.js"
import { pageHeaders, renderPage } from "../pages/render-page.js"
import type { PageLocale } from "../pages/page-locale.js"

/** What the built-in account page shows. */
export type AccountPageView =
  | {
      step: "manage"
      summary: AccountSummary
      /** Display names of the providers the user's accounts are at (by id). */
      providerNames: Record<string, string>
      /** OAuth/OIDC providers the user may link. */
      linkable: { id: string; name: string }[]
      passkeys: boolean
      /** A result code of the last form (`?error=` / `?done=`), shown when it is one the page knows. */
      error?: string
      done?: string
    }
  | { step: "confirm-email"; token: string; email: string }

const errors = new Set([
  "account-taken",
  "last-method",
  "not-linked",
  "invalid-email",
  "same-email",
  "invalid-code",
  "email-taken",
  "invalid-name",
])
const dones = new Set(["unlinked", "passkey-deleted", "passkey-renamed", "email-sent", "email-changed"])

// The shared styles size one heading per page; the account page's sections sit below its title.
const sectionStyle = html`<style>.card h2{font-size:1rem;margin:1.5rem 0 .5rem}.card ul{padding-left:1.25rem}</style>`

/**
 * The built-in account page: how the user signs in (accounts to unlink, passkeys to remove, whether
 * a password is set), providers to link, the address to change (a link and a code by mail), and
 * deleting the account. Plain forms, no script, every string from the account catalogues; each
 * form's result comes back as an alert (`role="alert"`) or a status (`role="status"`).
 */
export function accountPage(options: InternalOptions, view: AccountPageView): ResponseInternal<string> {
  const { locale } = options
  const base = options.url.href.replace(/\/$/, "")
  const m = (key: AccountMessageKey, values: Record<string, unknown> = {}) => accountMessage(locale, key, values)
  const csrf = html`<input type="hidden" name="csrfToken" value="${options.csrfToken ?? ""}">`
  let content: SafeHtml
  if (view.step === "confirm-email") {
    content = html`<h1>${m("email.confirm")}</h1><p>${m("email.confirmIntro", { email: view.email })}</p><form action="${base}/account/email/confirm" method="POST">${csrf}<input type="hidden" name="token" value="${view.token}"><button type="submit">${m("email.confirm")}</button></form>`
  } else {
    const { summary } = view
    const notice =
      view.error !== undefined
        ? html`<div class="error" role="alert">${m(errors.has(view.error) ? (`error.${view.error}` as AccountMessageKey) : "error.generic")}</div>`
        : view.done !== undefined && dones.has(view.done)
          ? html`<p role="status">${m(`done.${view.done}` as AccountMessageKey)}</p>`
          : ""
    const accounts = summary.accounts.length
      ? html`<ul>${summary.accounts.map((account) => {
          const provider = view.providerNames[account.provider] ?? account.provider
          const linked = account.linkedAt
            ? html` <small>${m("account.linkedAt", { date: pageDate(locale, account.linkedAt) })}</small>`
            : ""
          return html`<li>${provider}${linked}<form action="${base}/account/unlink" method="POST">${csrf}<input type="hidden" name="provider" value="${account.provider}"><input type="hidden" name="handle" value="${account.handle}"><button type="submit">${m("unlink", { provider })}</button></form></li>`
        })}</ul>`
      : html`<p>${m("methods.none")}</p>`
    const passkeys = view.passkeys
      ? html`<section aria-labelledby="account-passkeys"><h2 id="account-passkeys">${m("passkeys.heading")}</h2><ul>${summary.passkeys.map(
          (passkey, index) => {
            const name = passkey.name ?? accountMessageText(locale, "passkey.unnamed", { number: String(index + 1) })
            const field = `account-passkey-name-${index + 1}`
            const dates = [
              passkey.createdAt ? m("passkey.createdAt", { date: pageDate(locale, passkey.createdAt) }) : undefined,
              passkey.lastUsedAt ? m("passkey.lastUsedAt", { date: pageDate(locale, passkey.lastUsedAt) }) : undefined,
            ].filter((date) => date !== undefined)
            const when = dates.length ? html` <small>${dates.map((date, i) => (i ? html` · ${date}` : date))}</small>` : ""
            return html`<li>${name}${when}<form action="${base}/account/passkeys/rename" method="POST">${csrf}<input type="hidden" name="id" value="${passkey.id}"><label for="${field}">${m("passkey.name", { name })}</label><input id="${field}" type="text" name="name" maxlength="64" autocomplete="off" required><button type="submit">${m("passkey.rename", { name })}</button></form><form action="${base}/account/passkeys/delete" method="POST">${csrf}<input type="hidden" name="id" value="${passkey.id}"><button type="submit">${m("passkey.remove", { name })}</button></form></li>`
          },
        )}</ul></section>`
      : ""
    const link = view.linkable.length
      ? html`<section aria-labelledby="account-link"><h2 id="account-link">${m("link.heading")}</h2>${view.linkable.map(
          (provider) =>
            html`<form action="${base}/account/link/${provider.id}" method="POST">${csrf}<button type="submit">${m("link.button", { provider: provider.name })}</button></form>`,
        )}</section>`
      : ""
    const email = html`<section aria-labelledby="account-email"><h2 id="account-email">${m("email.heading")}</h2><form action="${base}/account/email" method="POST">${csrf}<label for="account-new-email">${m("email.new")}</label><input id="account-new-email" type="email" name="email" autocomplete="email" required><button type="submit">${m("email.send")}</button></form><form action="${base}/account/email/confirm" method="POST">${csrf}<label for="account-confirm-email">${m("email.new")}</label><input id="account-confirm-email" type="email" name="email" autocomplete="email" required><label for="account-email-code">${m("email.code")}</label><input id="account-email-code" type="text" name="code" inputmode="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" maxlength="20" required><button type="submit">${m("email.confirm")}</button></form></section>`
    const remove = html`<section aria-labelledby="account-delete"><h2 id="account-delete">${m("delete.heading")}</h2><p>${m("delete.intro")}</p><form action="${base}/account/delete" method="POST">${csrf}<input id="account-delete-understood" type="checkbox" name="understood" required><label for="account-delete-understood">${m("delete.understand")}</label><button type="submit">${m("delete.button")}</button></form></section>`
    content = html`<h1>${m("title")}</h1>${notice}${summary.user.email ? html`<p>${m("signedInAs", { email: summary.user.email })}</p>` : ""}<section aria-labelledby="account-methods"><h2 id="account-methods">${m("methods.heading")}</h2>${accounts}<p>${m(summary.password ? "password.on" : "password.off")}</p></section>${passkeys}${link}${email}${remove}`
  }
  return {
    status: 200,
    headers: pageHeaders(),
    body: renderPage(
      locale,
      { text: accountMessageText(locale, "title") },
      html`<main class="card">${content}</main>`,
      options.theme,
      sectionStyle,
    ),
  }
}

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * A date on a built-in page: `<time>` with the ISO instant for machines and the day in the page's
 * language for people. The day is UTC's: the server does not know the visitor's time zone, and a
 * day is as precise as "linked" or "last used" needs to be.
 */
export function pageDate(locale: PageLocale, iso: string): SafeHtml {
  let format = formats.get(locale.lang)
  if (!format) {
    format = new Intl.DateTimeFormat(locale.lang, { dateStyle: "long", timeZone: "UTC" })
    formats.set(locale.lang, format)
  }
  return html`<time datetime="${iso}">${format.format(new Date(iso))}</time>`
}
