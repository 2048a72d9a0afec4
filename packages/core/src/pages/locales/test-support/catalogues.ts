import { describe, expect, test } from "vitest"
import { de } from "../../../locales/de.js"
import { en, type Messages } from "../en.js"
import { es } from "../../../locales/es.js"
import { fr } from "../../../locales/fr.js"
import { it } from "../../../locales/it.js"
import { ja } from "../../../locales/ja.js"
import { ko } from "../../../locales/ko.js"
import { nl } from "../../../locales/nl.js"
import { pt } from "../../../locales/pt.js"
import { zh } from "../../../locales/zh.js"

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

/**
 * For the tests of a catalogue family kept beside the page catalogues (second factor, passwords,
 * the account): it covers exactly the page catalogues' languages, and each language has exactly
 * the English keys, none empty, with the same placeholders, translated, and no markup.
 */
export function describeCataloguesComplete(name: string, family: Readonly<Record<string, Readonly<Record<string, string>>>>): void {
  const english = family.en!
  const languages = Object.keys(family).filter((lang) => lang !== "en")
  describe(name, () => {
    test("cover exactly the languages of the page catalogues", () => {
      expect(Object.keys(family).sort()).toEqual(Object.keys(catalogues).sort())
    })

    test.each(languages)("%s has exactly the English keys and placeholders, translated, no markup", (lang) => {
      const catalogue = family[lang]!
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort())
      for (const [key, text] of Object.entries(english)) {
        expect(catalogue[key]!.trim(), `${lang} ${key}`).not.toBe("")
        expect(placeholders(catalogue[key]!), `${lang} ${key}`).toEqual(placeholders(text))
        expect(catalogue[key], `${lang} ${key}`).not.toMatch(/[<>]/)
        if (text.includes(" ") && text.length > 20) expect(catalogue[key], `${lang} ${key}`).not.toBe(text)
      }
    })

    test("English carries no markup either: the strings are text, escaped when rendered", () => {
      for (const [key, text] of Object.entries(english)) expect(text, `en ${key}`).not.toMatch(/[<>]/)
    })
  })
}

/**
 * Every built-in page catalogue by primary language subtag, for the tests: the library itself loads
 * English and only the languages an app lists (`pages.locales`). To add a language: copy en.ts into
 * `src/locales/<lang>.ts` as the others are, translate the values (keep every `{placeholder}`), and list it here.
 */
export const catalogues: Readonly<Record<string, Messages>> = Object.freeze({
  en,
  ...Object.fromEntries([de, fr, es, pt, it, nl, ja, zh, ko].map((locale) => [locale.lang, locale.messages])),
})
