import { describe, expect, test } from "vitest"
import { catalogues } from "../pages/locales/catalogues.js"
import { passwordCatalogues } from "./password-messages.js"

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const english = passwordCatalogues.en as Record<string, string>
const languages = Object.keys(passwordCatalogues).filter((lang) => lang !== "en")

describe("the Password provider's strings", () => {
  test("come in every language of the built-in pages", () => {
    expect(Object.keys(passwordCatalogues).sort()).toEqual(Object.keys(catalogues).sort())
  })

  test.each(languages)("%s has exactly the English keys, none empty, with the same placeholders, translated", (lang) => {
    const catalogue = passwordCatalogues[lang] as Record<string, string>
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort())
    for (const [key, text] of Object.entries(english)) {
      expect(catalogue[key]!.trim(), `${lang} ${key}`).not.toBe("")
      expect(placeholders(catalogue[key]!), `${lang} ${key}`).toEqual(placeholders(text))
      if (text.includes(" ") && text.length > 20) expect(catalogue[key], `${lang} ${key}`).not.toBe(text)
    }
  })

  test("carry no markup: they are text, escaped when rendered", () => {
    for (const [lang, catalogue] of Object.entries(passwordCatalogues)) {
      for (const [key, text] of Object.entries(catalogue)) expect(text, `${lang} ${key}`).not.toMatch(/[<>]/)
    }
  })
})
