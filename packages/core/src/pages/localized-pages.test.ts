import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../../adapter-sqlite/src/index.js"
import { startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { Auth } from "../handler/auth.js"
import Nodemailer from "../providers/nodemailer.js"
import { base, browserFor, credentialsConfig, silentLogger } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../types.js"
import { catalogues } from "./locales/test-support/catalogues.js"
import { escapeHtml } from "./html.js"
import { locales } from "../locales/index.js"

const languages = Object.keys(catalogues)
// Every language, as an app opts in to them (`pages.locales`); without it the pages speak English only.
const localized = (overrides: Partial<AuthConfig> = {}) => credentialsConfig({ ...overrides, pages: { locales, ...overrides.pages } })
const get = (path: string, acceptLanguage: string, config: AuthConfig = localized()) =>
  Auth(new Request(`${base}${path}`, { headers: { "accept-language": acceptLanguage } }), config)
const text = (lang: string, key: keyof (typeof catalogues)["en"]) => escapeHtml(catalogues[lang][key])

describe("built-in pages in the visitor's language", () => {
  it.each(languages)("%s: sign-in and sign-out pages, with <html lang> and the title", async (lang) => {
    const signin = await (await get("/signin?error=CredentialsSignin", `${lang};q=0.9, sv;q=1`)).text()
    expect(signin).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}">`))
    expect(signin).toContain(`<title>${text(lang, "signin.title")}</title>`)
    expect(signin).toContain(`<h1>${text(lang, "signin.heading")}</h1>`)
    expect(signin).toContain(text(lang, "signin.error.credentials"))
    expect(signin).toContain(text(lang, "signin.withProvider").replace("{provider}", "Credentials"))

    const signout = await (await get("/signout", lang)).text()
    expect(signout).toContain(`<html lang="${lang}">`)
    expect(signout).toContain(text(lang, "signout.question"))
    expect(signout).toContain(`<button type="submit">${text(lang, "signout.button")}</button>`)
  })

  it.each(languages)("%s: the error page explains each error type", async (lang) => {
    for (const [error, status] of [
      ["Configuration", 500],
      ["AccessDenied", 403],
      ["Verification", 403],
      ["RateLimited", 429],
      ["WebAuthnVerificationError", 403],
    ] as const) {
      const response = await get(`/error?error=${error}`, lang)
      expect(response.status).toBe(status)
      const page = await response.text()
      expect(page).toContain(`<html lang="${lang}">`)
      expect(page).toContain(`<h1>${text(lang, `error.${error}.heading`)}</h1>`)
      expect(page).toContain(text(lang, `error.${error}.text`))
    }
    const unknown = await (await get("/error?error=Nonsense", lang)).text()
    expect(unknown).toContain(text(lang, "error.default.text"))
    expect(unknown).toContain(text(lang, "error.default.back").replace("{host}", "localhost:3000"))
  })

  it("the `locale` option pins the language, as a tag or as a function of the request", async () => {
    const pinned = await (await get("/signout", "fr", localized({ locale: "de" }))).text()
    expect(pinned).toContain('<html lang="de">')
    const byPath = localized({ locale: (request) => request.url.searchParams.get("lang") })
    expect(await (await get("/signout?lang=ja", "fr", byPath)).text()).toContain('<html lang="ja">')
    expect(await (await get("/signout", "fr", byPath)).text()).toContain('<html lang="fr">')
  })

  it("without `pages.locales` the pages are English whatever the visitor asks, and a broken list fails closed", async () => {
    const signin = await (await get("/signin", "de-DE,de;q=0.9", credentialsConfig({ locale: "fr" }))).text()
    expect(signin).toMatch(/^<!DOCTYPE html><html lang="en">/)
    expect(signin).toContain(`<h1>${text("en", "signin.heading")}</h1>`)
    const french = (await import("../locales/fr.js")).default
    expect(await (await get("/signout", "de, fr;q=0.5", credentialsConfig({ pages: { locales: [french] } }))).text()).toContain(
      '<html lang="fr">',
    )
    const logger = silentLogger()
    const broken = credentialsConfig({ logger, pages: { locales: "fr" as never } })
    expect((await get("/signin", "fr", broken)).status).toBe(500)
    expect(logger.errors.map(String).join()).toContain("pages.locales must be a list of languages")
  })

  it("a config error page (fail closed) is in the visitor's language too", async () => {
    const broken = { providers: [], secret: undefined, logger: silentLogger(), pages: { locales } } as unknown as AuthConfig
    const response = await get("/signin", "nl", broken)
    expect(response.status).toBe(500)
    const page = await response.text()
    expect(page).toContain('<html lang="nl">')
    expect(page).toContain(text("nl", "error.Configuration.heading"))
  })

  it("a passkey form carries its failure message in the page's language for the (unchanging) script", async () => {
    const { default: Passkey } = await import("../providers/passkey.js")
    const config = localized({
      providers: [Passkey({})],
      experimental: { enableWebAuthn: true },
      adapter: SQLiteAdapter(new Database(":memory:")),
    })
    const page = await (await get("/signin", "ko", config)).text()
    expect(page).toContain(`data-failed-message="${text("ko", "passkey.failed")}"`)
    expect(page).toContain(`<label for="input-email-for-passkey-provider">${text("ko", "signin.email")}</label>`)
  })
})

describe("e-mail sign-in in the visitor's language", () => {
  let sink: SmtpSink
  let config: AuthConfig
  beforeAll(async () => {
    sink = await startSmtpSink()
    config = localized({
      providers: [Nodemailer({ server: sink.server, from: "Site <login@site.test>" })],
      adapter: SQLiteAdapter(new Database(":memory:")),
      session: { strategy: "jwt" },
    })
  })
  afterAll(() => sink.close())

  it("the mail, the verify-request page and the link's confirmation page follow Accept-Language", async () => {
    const browser = browserFor(config)
    const sent = await browser.post(`${base}/signin/nodemailer`, { email: "ada@example.test" }, base, {
      "accept-language": "es-MX,es;q=0.9",
    })
    expect(sent.status).toBe(302)
    const { mail } = await sink.nextMail()
    expect(mail.subject).toBe("Inicia sesión en localhost:3000")
    expect(mail.text).toContain(catalogues.es["mail.code"])
    expect(mail.text).toContain("Este inicio de sesión se solicitó para ada@example.test.")
    expect(mail.html).toContain(`${escapeHtml(catalogues.es["mail.button"])}</a>`)

    const verify = await (await browser.fetch(sent.headers.get("location")!, { headers: { "accept-language": "es" } })).text()
    expect(verify).toContain('<html lang="es">')
    expect(verify).toContain(text("es", "verify.heading"))
    expect(verify).toContain(`<label for="verify-code">${text("es", "verify.code")}</label>`)

    const link = (mail.text as string).split("\n")[1]
    const confirm = await (await browser.fetch(link, { headers: { "accept-language": "es" } })).text()
    expect(confirm).toContain('<html lang="es">')
    expect(confirm).toContain("¿Continuar el inicio de sesión en localhost:3000 como <strong>ada@example.test</strong>?")
  })

  it("without Accept-Language the mail is in English", async () => {
    await browserFor(config).post(`${base}/signin/nodemailer`, { email: "grace@example.test" }, base)
    expect((await sink.nextMail()).mail.subject).toBe("Sign in to localhost:3000")
  })
})
