import { html, type SafeHtml } from "./html.js"
import type { PageLocale } from "./page-locale.js"

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
