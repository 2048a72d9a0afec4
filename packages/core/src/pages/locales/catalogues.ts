import { de } from "./de.js"
import { en, type Messages } from "./en.js"
import { es } from "./es.js"
import { fr } from "./fr.js"
import { it } from "./it.js"
import { ja } from "./ja.js"
import { ko } from "./ko.js"
import { nl } from "./nl.js"
import { pt } from "./pt.js"
import { zh } from "./zh.js"

// The catalogue shape lives beside the English reference (en.ts), so each language file needs
// only that, not this list of all of them.
export type { MessageKey, Messages } from "./en.js"

/**
 * The built-in pages' catalogues by primary language subtag. To add a language: copy en.ts,
 * translate the values (keep every `{placeholder}`), and list it here.
 */
export const catalogues: Readonly<Record<string, Messages>> = Object.freeze({ en, de, fr, es, pt, it, nl, ja, zh, ko })
