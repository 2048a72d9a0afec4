/**
 * `@gatehouse/core/locales/ko` — the built-in pages and sign-in mail in Korean, for `pages.locales`:
 * `pages: { locales: [ko] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { ko as messages } from "../pages/locales/ko.js"

/** Korean for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const ko: PageLocale = Object.freeze({ lang: "ko", messages })
export default ko
