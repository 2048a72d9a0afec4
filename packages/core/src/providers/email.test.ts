import { afterAll, beforeAll, expect, test, vi } from "vitest"
import { startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { resolvedEmailProvider, sendParams } from "../email/test-support/send-params.js"
import Email from "./email.js"

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())

test("with a server it is the Nodemailer alias with id and name Email", async () => {
  const provider = resolvedEmailProvider(Email({ server: sink.server, from: "login@site.test" }))
  expect(provider).toMatchObject({ id: "email", name: "Email", type: "email", maxAge: 86400 })
  await provider.sendVerificationRequest(sendParams(provider))
  const { envelope, mail } = await sink.nextMail()
  expect(envelope.to).toEqual(["ada@example.test"])
  expect(mail.text).toContain("/auth/callback/email?")
})

test("with only sendVerificationRequest it is a generic e-mail provider that needs no server", async () => {
  const send = vi.fn()
  const provider = resolvedEmailProvider(Email({ sendVerificationRequest: send }))
  expect(provider).toMatchObject({ id: "email", name: "Email", type: "email", maxAge: 86400 })
  const params = sendParams(provider)
  await provider.sendVerificationRequest(params)
  expect(send).toHaveBeenCalledWith(params)
})

test("with neither it is a configuration error", () => {
  expect(() => Email({} as any)).toThrow(/`server`.*`sendVerificationRequest`/)
})
