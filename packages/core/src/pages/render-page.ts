import type { Theme } from "../shared-types.js"
import { html, SafeHtml } from "./html.js"
import type { MessageKey } from "./locales/en.js"
import type { PageLocale } from "./page-locale.js"
import { styles } from "./styles.js"

/**
 * Security headers for every built-in page: no framing, no referrer to other sites, and a CSP that
 * allows only the inline stylesheet (and the passkey script when one is rendered).
 */
export function pageHeaders(extraScriptHash?: string): Record<string, string> {
  const script = extraScriptHash ? `'${extraScriptHash}'` : "'none'"
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'self' https: http:; frame-ancestors 'none'; base-uri 'none'; script-src ${script}; connect-src 'self'`,
    "X-Frame-Options": "DENY",
    // Not "no-referrer": browsers then send `Origin: null` with the pages' own form posts, which
    // frameworks checking the origin of form posts (SvelteKit, Qwik City) refuse as cross-site.
    // "same-origin" still keeps the URL (an e-mail token, say) from every other site.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  }
}

/** A whole built-in page around `content`, themed, in the request's language. */
export function renderPage(
  locale: PageLocale,
  title: MessageKey | { text: string },
  content: SafeHtml,
  theme: Theme,
  head?: SafeHtml,
): string {
  // A page with a catalogue of its own (the Password provider's) gives its title as text.
  const titleText = typeof title === "string" ? locale.messages[title] : title.text
  const brand = theme.brandColor ? `--brand-color:${cssValue(theme.brandColor)};` : ""
  const buttonText = theme.buttonText ? `--button-text-color:${cssValue(theme.buttonText)};` : ""
  return html`<!DOCTYPE html><html lang="${locale.lang}"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${titleText}</title><style>${new SafeHtml(styles)}</style>${head ?? ""}</head><body class="theme-${theme.colorScheme ?? "auto"}" style="${brand}${buttonText}"><div class="page">${theme.logo ? html`<img src="${theme.logo}" alt="" class="logo">` : ""}${content}</div></body></html>`
    .value
}

/** Colours come from config, but a `;` or `}` must not open new declarations. */
function cssValue(value: string): string {
  return value.replace(/[^#a-zA-Z0-9(),.%\s-]/g, "")
}
