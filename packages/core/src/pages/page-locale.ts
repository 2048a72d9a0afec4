import type { LocaleOption, LocaleRequest } from "../primitives.js"
import { html, type SafeHtml } from "./html.js"
import { catalogues, type MessageKey, type Messages } from "./locales/catalogues.js"

/** The language a page is rendered in: its `<html lang>` and its catalogue (shared, never copied). */
export interface PageLocale {
  lang: string
  messages: Messages
}

/** One object per catalogue, made once: choosing a locale allocates nothing. */
const locales: Readonly<Record<string, PageLocale>> = Object.freeze(
  Object.fromEntries(Object.entries(catalogues).map(([lang, messages]) => [lang, Object.freeze({ lang, messages })])),
)

export const defaultLocale: PageLocale = locales.en

/** Beyond these, an Accept-Language header is not read: no visitor needs more, and it bounds the work. */
const maxHeaderLength = 256
const maxEntries = 16

/**
 * The page locale for a request: the config's `locale` (a tag, or a function of the request)
 * when it names a language we have, otherwise the best match of Accept-Language, otherwise
 * English. A `locale` function that throws is treated as answering nothing.
 */
export function pageLocale(request: LocaleRequest, option: LocaleOption | undefined): PageLocale {
  if (option !== undefined) {
    let pinned: string | null | undefined
    try {
      pinned = typeof option === "function" ? option(request) : option
    } catch {
      pinned = undefined
    }
    const chosen = typeof pinned === "string" ? localeForTag(pinned) : undefined
    if (chosen) return chosen
  }
  return negotiateLocale(request.headers.get("accept-language")) ?? defaultLocale
}

/** `de-AT` → German, `zh-Hant-TW` → Chinese; undefined for a language without a catalogue. */
export function localeForTag(tag: string): PageLocale | undefined {
  const dash = tag.indexOf("-")
  const primary = (dash === -1 ? tag : tag.slice(0, dash)).trim().toLowerCase()
  return Object.hasOwn(locales, primary) ? locales[primary] : undefined
}

/**
 * The highest-weighted language of an Accept-Language header (RFC 9110 §12.5.4) that has a
 * catalogue; among equal weights the first listed. `q=0` means "not this one".
 */
export function negotiateLocale(header: string | null): PageLocale | undefined {
  if (!header) return undefined
  const entries = header.slice(0, maxHeaderLength).split(",", maxEntries)
  let best: PageLocale | undefined
  let bestWeight = 0
  for (const entry of entries) {
    const semicolon = entry.indexOf(";")
    const locale = localeForTag(semicolon === -1 ? entry : entry.slice(0, semicolon))
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
  return fillMarkup(locale.messages[key], values)
}

/** A message as plain text (mail subjects and text parts): placeholders filled, nothing escaped. */
export function messageText(locale: PageLocale, key: MessageKey, values: Record<string, string> = {}): string {
  return fillText(locale.messages[key], values)
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
