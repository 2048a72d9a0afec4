import { afterAll, beforeAll, expect, test } from "vitest"
import { startMailApiStandIn, type MailApiStandIn } from "@gatehouse/test-kit/mail-api-stand-in"
import { resolvedEmailProvider, sendParams } from "../email/test-support/send-params.js"
import { customFetch } from "../auth-options.js"
import Resend from "./resend.js"

let api: MailApiStandIn
beforeAll(async () => {
  api = await startMailApiStandIn()
})
afterAll(() => api.close())

function provider(options: Record<string | symbol, unknown> = {}) {
  return resolvedEmailProvider(
    Resend({ apiKey: "re_test_key", from: "Site <login@site.test>", [customFetch]: api.fetch, ...options } as any),
  )
}

test("defaults as Auth.js: id, name, type, sender, 24 h", () => {
  const resend = resolvedEmailProvider(Resend({}))
  expect(resend).toMatchObject({ id: "resend", name: "Resend", type: "email", from: "Gatehouse <no-reply@example.com>", maxAge: 86400 })
})

test("posts the mail to Resend's API with the key as a bearer token", async () => {
  api.answer(200)
  const resend = provider()
  await resend.sendVerificationRequest(sendParams(resend))
  const request = api.requests.at(-1)!
  expect(request.intendedUrl).toBe("https://api.resend.com/emails")
  expect(request.method).toBe("POST")
  expect(request.headers.authorization).toBe("Bearer re_test_key")
  expect(request.headers["content-type"]).toBe("application/json")
  expect(request.body).toMatchObject({ from: "Site <login@site.test>", to: "ada@example.test", subject: "Sign in to app.example.test" })
  expect(request.body.html).toContain("ABCD-EFGH")
  expect(request.body.text).toContain("https://app.example.test/auth/callback/resend?")
})

test("an error answer fails the send with the service's reply", async () => {
  api.answer(422, { message: "domain not verified" })
  const resend = provider()
  await expect(resend.sendVerificationRequest(sendParams(resend))).rejects.toThrow(/Resend error: 422 .*domain not verified/)
  api.answer(200)
})

test("without an API key nothing is sent and the error names AUTH_RESEND_KEY", async () => {
  const before = api.requests.length
  const resend = provider({ apiKey: undefined })
  await expect(resend.sendVerificationRequest(sendParams(resend))).rejects.toThrow(/AUTH_RESEND_KEY/)
  expect(api.requests.length).toBe(before)
})
