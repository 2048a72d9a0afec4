import { expect, test } from "vitest"
import { locales } from "../locales/index.js"
import { pageLocales, rememberLocales } from "../pages/page-locale.js"
import { verificationMail } from "./verification-mail.js"

const url =
  "https://app.example.test/auth/callback/email?callbackUrl=https%3A%2F%2Fapp.example.test%2F&token=abc&email=o%27neil%26co%40example.test"

test("subject, link and code", () => {
  const mail = verificationMail({ url, host: "app.example.test", identifier: "ada@example.test", code: "ABCD-EFGH" })
  expect(mail.subject).toBe("Sign in to app.example.test")
  expect(mail.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`)
  expect(mail.html).toContain("ABCD-EFGH")
  expect(mail.text.split("\n")).toEqual([
    "Sign in to app.example.test",
    url,
    "",
    "Or enter this code on the sign-in page: ABCD-EFGH",
    "",
    "This sign-in was requested for ada@example.test.",
    "",
    "If you did not request this email you can safely ignore it.",
    "",
  ])
})

test("the address and the site name are escaped in the HTML (CVE-2022-31127)", () => {
  const mail = verificationMail({ url, host: 'evil"><script>x</script>', identifier: "<img src=x onerror=alert(1)>@example.test" })
  expect(mail.html).not.toContain("<script>")
  expect(mail.html).not.toContain("<img")
  expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;@example.test")
  expect(mail.html).toContain("&lt;script&gt;")
})

test("values cannot add lines to the text part or the subject", () => {
  const mail = verificationMail({ url, host: "app.example.test\r\nBcc: x@evil.test", identifier: "a@example.test\nInjected: yes" })
  expect(mail.subject).not.toMatch(/[\r\n]/)
  expect(mail.text).not.toMatch(/^Bcc:|^Injected:/m)
})

test("theme colours that are not plainly colours are ignored", () => {
  const mail = verificationMail({ url, host: "a.test", theme: { brandColor: "red;background:url(https://evil.test)", buttonText: "#fff" } })
  expect(mail.html).not.toContain("evil.test")
  expect(mail.html).toContain("#346df1")
})

test("a language no config added writes English: the mail speaks only what `pages.locales` lists", () => {
  expect(verificationMail({ url, host: "a.test", locale: "ko" }).subject).toBe("Sign in to a.test")
})

test("written in the locale given, with every value still escaped; unknown locales write English", () => {
  // What resolving a config with `pages: { locales }` does.
  rememberLocales(pageLocales(locales)!)
  const mail = verificationMail({ url, host: "app.example.test", identifier: "<b>ada</b>@example.test", code: "ABCD-EFGH", locale: "de" })
  expect(mail.subject).toBe("Bei app.example.test anmelden")
  expect(mail.html).toContain("Bei <strong>app&#8203;.example&#8203;.test</strong> anmelden")
  expect(mail.html).toContain("Diese Anmeldung wurde für &lt;b&gt;ada&lt;/b&gt;@example.test angefordert.")
  expect(mail.text).toContain("Oder geben Sie diesen Code auf der Anmeldeseite ein: ABCD-EFGH")
  expect(verificationMail({ url, host: "a.test", locale: "ja-JP" }).subject).toBe("a.test にサインイン")
  expect(verificationMail({ url, host: "a.test", locale: "sv" }).subject).toBe("Sign in to a.test")
})
