import { afterAll, beforeAll, expect, test } from "vitest"
import { startMailApiStandIn, type MailApiStandIn } from "@gatehouse/test-kit/mail-api-stand-in"
import { resolvedEmailProvider, sendParams } from "../email/test-support/send-params.js"
import { customFetch } from "../auth-options.js"
import SendGrid from "./sendgrid.js"

let api: MailApiStandIn
beforeAll(async () => {
  api = await startMailApiStandIn()
})
afterAll(() => api.close())

function provider() {
  return resolvedEmailProvider(SendGrid({ apiKey: "SG.key", from: "login@site.test", [customFetch]: api.fetch } as any))
}

test("defaults as Auth.js", () => {
  expect(resolvedEmailProvider(SendGrid({}))).toMatchObject({ id: "sendgrid", name: "SendGrid", type: "email", maxAge: 86400 })
})

test("posts to SendGrid's v3 API with personalizations, both parts, and a bearer key", async () => {
  api.answer(202, {})
  const sendgrid = provider()
  await sendgrid.sendVerificationRequest(sendParams(sendgrid))
  const request = api.requests.at(-1)!
  expect(request.intendedUrl).toBe("https://api.sendgrid.com/v3/mail/send")
  expect(request.headers.authorization).toBe("Bearer SG.key")
  expect(request.body.personalizations).toEqual([{ to: [{ email: "ada@example.test" }] }])
  expect(request.body.from).toEqual({ email: "login@site.test" })
  expect(request.body.subject).toBe("Sign in to app.example.test")
  expect(request.body.content.map((c: { type: string }) => c.type)).toEqual(["text/plain", "text/html"])
})

test("an error answer fails the send", async () => {
  api.answer(403, { errors: [{ message: "forbidden" }] })
  const sendgrid = provider()
  await expect(sendgrid.sendVerificationRequest(sendParams(sendgrid))).rejects.toThrow(/SendGrid error: 403/)
  api.answer(200)
})
