/**
 * `@gatehouse/core/locales` — every language of the built-in pages and sign-in mail besides English,
 * for an app that wants them all: `pages: { locales }`. Importing one language
 * (`@gatehouse/core/locales/fr`) bundles only that one (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { de } from "./de.js"
import { es } from "./es.js"
import { fr } from "./fr.js"
import { it } from "./it.js"
import { ja } from "./ja.js"
import { ko } from "./ko.js"
import { nl } from "./nl.js"
import { pt } from "./pt.js"
import { zh } from "./zh.js"

export { de, es, fr, it, ja, ko, nl, pt, zh }
export type { MessageKey, Messages } from "../pages/locales/en.js"
export type { PageLocale } from "../pages/page-locale.js"

/** German, French, Spanish, Portuguese, Italian, Dutch, Japanese, Chinese and Korean. */
export const locales: readonly PageLocale[] = Object.freeze([de, fr, es, pt, it, nl, ja, zh, ko])
