import type { LocaleOption, LocaleRequest } from "../shared-types.js"
import { html, type SafeHtml } from "./html.js"
import { en, type MessageKey, type Messages } from "./locales/en.js"

/**
 * A language of the built-in pages and mails: its tag (`<html lang>`, the primary subtag matched
 * against Accept-Language) and its catalogue. English is built in; the other languages are
 * `@gatehouse/core/locales/<lang>`, listed in `pages.locales`, or an app's own.
 */
export interface PageLocale {
  readonly lang: string
  readonly messages: Messages
}

/** The languages a config's pages speak, by primary subtag; made once per config. */
export type PageLocales = Readonly<Record<string, PageLocale>>

export const defaultLocale: PageLocale = Object.freeze({ lang: "en", messages: en })

const englishOnly: PageLocales = Object.freeze({ en: defaultLocale })

/**
 * English and the languages a config adds (`pages.locales`), by primary subtag; a later entry for
 * the same language wins, so an app can replace English too. Why opt-in: every catalogue is bundled
 * into every app that can render it, and nine languages were a fifth of a Workers bundle. Undefined
 * when the list is not one of languages (a JavaScript config can pass anything): a config error.
 */
export function pageLocales(added: unknown): PageLocales | undefined {
  if (added === undefined) return englishOnly
  if (!Array.isArray(added)) return undefined
  const byTag: Record<string, PageLocale> = Object.create(null)
  byTag.en = defaultLocale
  for (const locale of added) {
    if (typeof locale?.lang !== "string" || !locale.lang.trim() || typeof locale.messages !== "object" || !locale.messages) return undefined
    byTag[primarySubtag(locale.lang)] = locale
  }
  return Object.freeze(byTag)
}

/**
 * Every language any config in this process added, by primary subtag: the mail helpers
 * (`verificationMail`, Nodemailer's `html`/`text`) get only a tag from the sender's parameters, so
 * they look it up here. Each tag a request chooses comes from its own config's languages, which are
 * all in here; the pages themselves choose only among their config's.
 */
const knownLocales: Record<string, PageLocale> = Object.create(null)

/** Records a config's languages for the mail helpers (see knownLocales). */
export function rememberLocales(locales: PageLocales): void {
  for (const [tag, locale] of Object.entries(locales)) if (locale !== defaultLocale) knownLocales[tag] = locale
}

/** The language of a mail written for `tag`: one a config added, else English. */
export function mailLocale(tag: string | undefined): PageLocale {
  return (tag && localeForTag(tag, knownLocales)) || defaultLocale
}

/** Beyond these, an Accept-Language header is not read: no visitor needs more, and it bounds the work. */
const maxHeaderLength = 256
const maxEntries = 16

/**
 * The page locale for a request: the config's `locale` (a tag, or a function of the request)
 * when it names a language we have, otherwise the best match of Accept-Language, otherwise
 * English. A `locale` function that throws is treated as answering nothing.
 */
export function pageLocale(request: LocaleRequest, option: LocaleOption | undefined, locales: PageLocales): PageLocale {
  if (option !== undefined) {
    let pinned: string | null | undefined
    try {
      pinned = typeof option === "function" ? option(request) : option
    } catch {
      pinned = undefined
    }
    const chosen = typeof pinned === "string" ? localeForTag(pinned, locales) : undefined
    if (chosen) return chosen
  }
  return negotiateLocale(request.headers.get("accept-language"), locales) ?? locales.en ?? defaultLocale
}

/** `de-AT` → German, `zh-Hant-TW` → Chinese; undefined for a language `locales` lacks. */
export function localeForTag(tag: string, locales: PageLocales): PageLocale | undefined {
  const primary = primarySubtag(tag)
  return Object.hasOwn(locales, primary) ? locales[primary] : undefined
}

function primarySubtag(tag: string): string {
  const dash = tag.indexOf("-")
  return (dash === -1 ? tag : tag.slice(0, dash)).trim().toLowerCase()
}

/**
 * The highest-weighted language of an Accept-Language header (RFC 9110 §12.5.4) that has a
 * catalogue; among equal weights the first listed. `q=0` means "not this one".
 */
export function negotiateLocale(header: string | null, locales: PageLocales): PageLocale | undefined {
  if (!header) return undefined
  const entries = header.slice(0, maxHeaderLength).split(",", maxEntries)
  let best: PageLocale | undefined
  let bestWeight = 0
  for (const entry of entries) {
    const semicolon = entry.indexOf(";")
    const locale = localeForTag(semicolon === -1 ? entry : entry.slice(0, semicolon), locales)
    if (!locale) continue
    const weight = semicolon === -1 ? 1 : qualityOf(entry.slice(semicolon + 1))
    if (weight > bestWeight) {
      best = locale
      bestWeight = weight
      if (weight === 1) break
    }
  }
  return best
}

/** The `q=` of an entry's parameters; malformed weights count as 0 (ignored), none as 1. */
function qualityOf(parameters: string): number {
  const match = /(?:^|;)\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*(?:;|$)/i.exec(parameters)
  if (!match) return /(?:^|;)\s*q\s*=/i.test(parameters) ? 0 : 1
  const weight = Number(match[1])
  return weight <= 1 ? weight : 0
}

/**
 * A message as markup: the catalogue text escaped, each `{name}` replaced by its value (escaped
 * unless it is already `html`). Unknown placeholders stay as written, so a typo is visible.
 */
export function message(locale: PageLocale, key: MessageKey, values: Record<string, unknown> = {}): SafeHtml {
  return fillMarkup(textOf(locale, key), values)
}

/** A message as plain text (mail subjects and text parts): placeholders filled, nothing escaped. */
export function messageText(locale: PageLocale, key: MessageKey, values: Record<string, string> = {}): string {
  return fillText(textOf(locale, key), values)
}

/** An app's own catalogue missing a key (typed JavaScript cannot check it) shows the English text. */
function textOf(locale: PageLocale, key: MessageKey): string {
  const text = locale.messages[key]
  return typeof text === "string" ? text : en[key]
}

/**
 * A catalogue text as markup: escaped, each `{name}` replaced by its value (escaped unless it is already
 * `html`); an unknown placeholder stays as written. Every catalogue's messages (pages, passwords, account,
 * second factor) are filled by this and `fillText`.
 */
export function fillMarkup(template: string, values: Record<string, unknown> = {}): SafeHtml {
  const parts = template.split(/\{(\w+)\}/)
  return html`${parts.map((part, i) => (i % 2 === 0 ? part : Object.hasOwn(values, part) ? values[part] : `{${part}}`))}`
}

/** A catalogue text as plain text: placeholders filled, nothing escaped. */
export function fillText(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole))
}

/** The messages of a feature's catalogues in the page's language, English where it has none. */
export function catalogueFor<Messages>(catalogues: Readonly<Record<string, Messages>>, locale: PageLocale): Messages {
  return Object.hasOwn(catalogues, locale.lang) ? catalogues[locale.lang]! : catalogues.en!
}
