import { de } from "./de.js"
import { en } from "./en.js"
import { es } from "./es.js"
import { fr } from "./fr.js"
import { it } from "./it.js"
import { ja } from "./ja.js"
import { ko } from "./ko.js"
import { nl } from "./nl.js"
import { pt } from "./pt.js"
import { zh } from "./zh.js"

/** A page catalogue: every key of the English one, each a message with `{name}` placeholders. */
export type Messages = { readonly [K in keyof typeof en]: string }
export type MessageKey = keyof Messages

/**
 * The built-in pages' catalogues by primary language subtag. To add a language: copy en.ts,
 * translate the values (keep every `{placeholder}`), and list it here.
 */
export const catalogues: Readonly<Record<string, Messages>> = Object.freeze({ en, de, fr, es, pt, it, nl, ja, zh, ko })
