import { describe, expect, test } from "vitest"
import { catalogues } from "./test-support/catalogues.js"
import { en } from "./en.js"

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const languages = Object.keys(catalogues).filter((lang) => lang !== "en")

describe("page catalogues", () => {
  test("there are the ten languages the issue asks for", () => {
    expect(Object.keys(catalogues).sort()).toEqual(["de", "en", "es", "fr", "it", "ja", "ko", "nl", "pt", "zh"])
  })

  test.each(languages)("%s has exactly the English keys, none empty", (lang) => {
    const catalogue = catalogues[lang] as Record<string, string>
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
    for (const [key, text] of Object.entries(catalogue)) expect(text.trim(), `${lang} ${key}`).not.toBe("")
  })

  test.each(languages)("%s keeps every placeholder of each English message, and adds none", (lang) => {
    const catalogue = catalogues[lang] as Record<string, string>
    for (const [key, text] of Object.entries(en)) expect(placeholders(catalogue[key]), `${lang} ${key}`).toEqual(placeholders(text))
  })

  test.each(languages)("%s is translated, not a copy of English", (lang) => {
    const catalogue = catalogues[lang] as Record<string, string>
    const sentences = Object.entries(en).filter(([, text]) => text.includes(" ") && text.length > 20)
    const untranslated = sentences.filter(([key, text]) => catalogue[key] === text).map(([key]) => key)
    expect(untranslated).toEqual([])
  })

  test("no catalogue carries markup: messages are text, escaped when rendered", () => {
    for (const [lang, catalogue] of Object.entries(catalogues)) {
      for (const [key, text] of Object.entries(catalogue)) expect(text, `${lang} ${key}`).not.toMatch(/[<>]/)
    }
  })
})
