import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest"
import { deadPort, startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { resolvedEmailProvider, sendParams } from "../email/test-support/send-params.js"
import Nodemailer, { html, text } from "./nodemailer.js"

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

test("requires a server, as Auth.js", () => {
  expect(() => Nodemailer({} as any)).toThrow(/requires a `server`/)
})

test("defaults as Auth.js", () => {
  expect(resolvedEmailProvider(Nodemailer({ server: "smtp://127.0.0.1:1" }))).toMatchObject({
    id: "nodemailer",
    name: "Nodemailer",
    type: "email",
    from: "Gatehouse <no-reply@example.com>",
    maxAge: 86400,
    server: "smtp://127.0.0.1:1",
  })
})

test("sends over SMTP (server as a URL) to exactly the one recipient, with link, code and both parts", async () => {
  const provider = resolvedEmailProvider(
    Nodemailer({ server: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`, from: "Site <login@site.test>" }),
  )
  await provider.sendVerificationRequest(sendParams(provider))
  const { mail, envelope } = await sink.nextMail()
  expect(envelope).toEqual({ from: "login@site.test", to: ["ada@example.test"] })
  expect(mail.subject).toBe("Sign in to app.example.test")
  expect(mail.text).toContain("https://app.example.test/auth/callback/nodemailer?")
  expect(mail.text).toContain("ABCD-EFGH")
  expect(mail.html).toContain('href="https://app.example.test/auth/callback/nodemailer?callbackUrl=')
})

test("a server that is down fails the send", async () => {
  const port = await deadPort()
  const provider = resolvedEmailProvider(Nodemailer({ server: { host: "127.0.0.1", port, ignoreTLS: true } }))
  await expect(provider.sendVerificationRequest(sendParams(provider))).rejects.toThrow()
})

test('server "console" prints the link and code instead of sending', async () => {
  const log = vi.spyOn(console, "log").mockImplementation(() => {})
  const before = sink.received.length
  const provider = resolvedEmailProvider(Nodemailer({ server: "console" }))
  await provider.sendVerificationRequest(sendParams(provider))
  const printed = log.mock.calls.map((call) => String(call[0])).join("\n")
  expect(printed).toContain("ada@example.test")
  expect(printed).toContain("https://app.example.test/auth/callback/nodemailer?")
  expect(printed).toContain("Code: ABCD-EFGH")
  expect(sink.received.length).toBe(before)
})

test('server "console" refuses to run in production', async () => {
  vi.stubEnv("NODE_ENV", "production")
  const log = vi.spyOn(console, "log").mockImplementation(() => {})
  const provider = resolvedEmailProvider(Nodemailer({ server: "console" }))
  await expect(provider.sendVerificationRequest(sendParams(provider))).rejects.toThrow(/development only/)
  expect(log).not.toHaveBeenCalled()
})

test("html() and text() build Auth.js's template parts", () => {
  const url = "https://app.example.test/auth/callback/nodemailer?token=t&email=a%40b.test"
  const part = html({ url, host: "app.example.test", theme: { brandColor: "#123456" } })
  expect(part).toContain('href="https://app.example.test/auth/callback/nodemailer?token=t&amp;email=a%40b.test"')
  expect(part).toContain("app&#8203;.example&#8203;.test")
  expect(part).toContain("#123456")
  expect(text({ url, host: "app.example.test" })).toBe(
    `Sign in to app.example.test\n${url}\n\nIf you did not request this email you can safely ignore it.\n`,
  )
})
