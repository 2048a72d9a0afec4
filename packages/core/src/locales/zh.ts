/**
 * `@gatehouse/core/locales/zh` — the built-in pages and sign-in mail in Chinese (Simplified), for `pages.locales`:
 * `pages: { locales: [zh] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { zh as messages } from "../pages/locales/zh.js"

/** Chinese (Simplified) for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const zh: PageLocale = Object.freeze({ lang: "zh", messages })
export default zh
