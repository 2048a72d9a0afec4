import { describe, expect, test } from "vitest"
import { html } from "./html.js"
import { locales as allLanguages } from "../locales/index.js"
import { catalogues } from "./locales/test-support/catalogues.js"
import {
  defaultLocale,
  localeForTag as localeForTagIn,
  message,
  messageText,
  negotiateLocale as negotiateLocaleIn,
  pageLocale as pageLocaleIn,
  pageLocales,
  type PageLocales,
} from "./page-locale.js"
import type { LocaleOption, LocaleRequest } from "../shared-types.js"

// The tests below choose among all ten languages, as an app listing them in `pages.locales` does.
const all = pageLocales(allLanguages)!
const localeForTag = (tag: string) => localeForTagIn(tag, all)
const negotiateLocale = (header: string | null) => negotiateLocaleIn(header, all)
const pageLocale = (request: LocaleRequest, option: LocaleOption | undefined, locales: PageLocales = all) =>
  pageLocaleIn(request, option, locales)

const request = (acceptLanguage?: string) => ({
  url: new URL("https://app.example.test/auth/signin"),
  headers: new Headers(acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage }),
  cookies: { lang: "ja" },
})

describe("choosing the pages' language", () => {
  test.each([
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["fr-CA", "fr"],
    ["en-US,en;q=0.9", "en"],
    ["pt-BR;q=0.8, ko;q=0.9", "ko"],
    ["sv-SE, nl;q=0.5, en;q=0.4", "nl"],
    ["zh-Hant-TW", "zh"],
    ["JA", "ja"],
    ["  es ; q=1 ", "es"],
    ["it;q=0.5,de;q=0.5", "it"],
    ["de;q=0, fr;q=0.1", "fr"],
  ])("Accept-Language %j gives %s", (header, lang) => {
    expect(negotiateLocale(header)?.lang).toBe(lang)
  })

  test.each([null, "", "sv-SE", "*", "de;q=0", "de;q=abc", "de;q=2", ",,,;;;", "x".repeat(10_000)])(
    "no usable language in %j: none chosen, the page falls back to English",
    (header) => {
      expect(negotiateLocale(header)).toBeUndefined()
      expect(pageLocale(request(header ?? undefined), undefined)).toBe(defaultLocale)
    },
  )

  test("only the start of a huge header is read, so it costs the same as a short one", () => {
    const header = `${"sv;q=0.9,".repeat(5_000)}de`
    expect(negotiateLocale(header)).toBeUndefined()
    expect(negotiateLocale(`de,${"sv;q=0.9,".repeat(5_000)}`)?.lang).toBe("de")
  })

  test("the same catalogue object every time: choosing allocates no catalogue", () => {
    expect(negotiateLocale("de")).toBe(negotiateLocale("de-AT;q=0.7"))
    expect(negotiateLocale("de")!.messages).toBe(catalogues.de)
  })

  test("the `locale` option pins the language, as a tag or a function of the request", () => {
    expect(pageLocale(request("fr"), "de").lang).toBe("de")
    expect(pageLocale(request("fr"), "pt-BR").lang).toBe("pt")
    expect(pageLocale(request("fr"), (r) => r.cookies.lang).lang).toBe("ja")
    expect(pageLocale(request("fr"), (r) => (r.url.pathname.startsWith("/auth") ? "ko" : "en")).lang).toBe("ko")
  })

  test("a pinned language without a catalogue, or a function answering nothing or throwing, follows Accept-Language", () => {
    expect(pageLocale(request("fr"), "sv").lang).toBe("fr")
    expect(pageLocale(request("fr"), () => undefined).lang).toBe("fr")
    expect(pageLocale(request("fr"), () => 42 as unknown as string).lang).toBe("fr")
    expect(
      pageLocale(request("fr"), () => {
        throw new Error("no")
      }).lang,
    ).toBe("fr")
    expect(pageLocale(request(), "__proto__")).toBe(defaultLocale)
  })

  test("only English and the languages a config adds are chosen: the others are not bundled", () => {
    const englishOnly = pageLocales(undefined)!
    expect(pageLocale(request("de-DE,de;q=0.9"), undefined, englishOnly)).toBe(defaultLocale)
    expect(pageLocale(request("fr"), "de", englishOnly)).toBe(defaultLocale)
    const frenchAdded = pageLocales(allLanguages.filter((locale) => locale.lang === "fr"))!
    expect(pageLocale(request("de, fr;q=0.5"), undefined, frenchAdded).lang).toBe("fr")
    expect(pageLocale(request("fr"), "de", frenchAdded).lang).toBe("fr")
  })

  test("an app's own language is used, and its missing keys show the English text", () => {
    const sv = { lang: "sv-SE", messages: { "signout.button": "Logga ut" } as never }
    const locale = pageLocale(request("sv"), undefined, pageLocales([sv])!)
    expect(locale.lang).toBe("sv-SE")
    expect(messageText(locale, "signout.button")).toBe("Logga ut")
    expect(messageText(locale, "signout.question")).toBe(defaultLocale.messages["signout.question"])
  })

  test.each([[{}], [[null]], [[{ lang: "", messages: {} }]], [[{ lang: "fr" }]], ["fr"]])(
    "a `pages.locales` that is not a list of languages (%j) is refused",
    (value) => {
      expect(pageLocales(value)).toBeUndefined()
    },
  )

  test("tags with unusual case and whitespace still match; prototype names never do", () => {
    expect(localeForTag(" NL-be")?.lang).toBe("nl")
    expect(localeForTag("constructor")).toBeUndefined()
    expect(localeForTag("toString")).toBeUndefined()
  })
})

describe("filling messages", () => {
  const de = localeForTag("de")!
  test("placeholders are filled and escaped; markup values pass through", () => {
    expect(message(de, "signin.withProvider", { provider: "<b>Evil</b>" }).value).toBe("Mit &lt;b&gt;Evil&lt;/b&gt; anmelden")
    expect(message(de, "confirm.question", { host: "app.test", email: html`<strong>${"a&b@x.test"}</strong>` }).value).toBe(
      "Als <strong>a&amp;b@x.test</strong> bei app.test anmelden?",
    )
  })

  test("a placeholder without a value stays visible; plain text is not escaped", () => {
    expect(message(de, "signin.withProvider").value).toBe("Mit {provider} anmelden")
    expect(messageText(de, "mail.subject", { host: "a&b.test" })).toBe("Bei a&b.test anmelden")
  })
})
