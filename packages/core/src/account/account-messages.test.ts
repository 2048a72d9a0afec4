import { describe, expect, test } from "vitest"
import { catalogues } from "../pages/locales/catalogues.js"
import { accountCatalogues } from "./account-messages.js"

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const english = accountCatalogues.en!
const languages = Object.keys(accountCatalogues).filter((lang) => lang !== "en")

describe("account catalogues", () => {
  test("cover exactly the languages of the page catalogues", () => {
    expect(Object.keys(accountCatalogues).sort()).toEqual(Object.keys(catalogues).sort())
  })

  test.each(languages)("%s has exactly the English keys and placeholders, translated, no markup", (lang) => {
    const catalogue = accountCatalogues[lang] as Record<string, string>
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort())
    for (const [key, text] of Object.entries(english)) {
      expect(catalogue[key]!.trim(), `${lang} ${key}`).not.toBe("")
      expect(placeholders(catalogue[key]!), `${lang} ${key}`).toEqual(placeholders(text))
      expect(catalogue[key], `${lang} ${key}`).not.toMatch(/[<>]/)
      if (text.includes(" ") && text.length > 20) expect(catalogue[key], `${lang} ${key}`).not.toBe(text)
    }
  })
})
