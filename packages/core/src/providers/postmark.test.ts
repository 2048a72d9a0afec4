import { afterAll, beforeAll, expect, test } from "vitest"
import { startMailApiStandIn, type MailApiStandIn } from "@gatehouse/test-kit/mail-api-stand-in"
import { resolvedEmailProvider, sendParams } from "../email/test-support/send-params.js"
import { customFetch } from "../auth-options.js"
import Postmark from "./postmark.js"

let api: MailApiStandIn
beforeAll(async () => {
  api = await startMailApiStandIn()
})
afterAll(() => api.close())

function provider(options: Record<string | symbol, unknown> = {}) {
  return resolvedEmailProvider(
    Postmark({ apiKey: "pm-server-token", from: "login@site.test", [customFetch]: api.fetch, ...options } as any),
  )
}

test("defaults as Auth.js", () => {
  expect(resolvedEmailProvider(Postmark({}))).toMatchObject({ id: "postmark", name: "Postmark", type: "email", maxAge: 86400 })
})

test("posts to Postmark's API with the server token header", async () => {
  api.answer(200)
  const postmark = provider()
  await postmark.sendVerificationRequest(sendParams(postmark))
  const request = api.requests.at(-1)!
  expect(request.intendedUrl).toBe("https://api.postmarkapp.com/email")
  expect(request.headers["x-postmark-server-token"]).toBe("pm-server-token")
  expect(request.headers.accept).toBe("application/json")
  expect(request.body).toMatchObject({
    From: "login@site.test",
    To: "ada@example.test",
    Subject: "Sign in to app.example.test",
    MessageStream: "outbound",
  })
  expect(request.body.HtmlBody).toContain("ABCD-EFGH")
  expect(request.body.TextBody).toContain("/auth/callback/postmark?")
})

test("an error answer fails the send", async () => {
  api.answer(401, { ErrorCode: 10, Message: "Bad or missing Server API token." })
  const postmark = provider()
  await expect(postmark.sendVerificationRequest(sendParams(postmark))).rejects.toThrow(/Postmark error: 401/)
  api.answer(200)
})
