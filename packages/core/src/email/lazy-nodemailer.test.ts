import { afterAll, beforeAll, expect, test, vi } from "vitest"
import { startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { resolvedEmailProvider, sendParams } from "./test-support/send-params.js"

// Counts every time nodemailer is actually loaded, whoever imports it.
const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock("nodemailer", async (importOriginal) => {
  loads.count++
  return importOriginal()
})

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())

test("core and the e-mail providers load without nodemailer; it is loaded at the first send only", async () => {
  await import("../index.js")
  const { default: Nodemailer } = await import("../providers/nodemailer.js")
  await import("../providers/email.js")
  await import("../providers/resend.js")
  const provider = resolvedEmailProvider(Nodemailer({ server: sink.server }))
  expect(loads.count).toBe(0)

  await provider.sendVerificationRequest(sendParams(provider))
  await provider.sendVerificationRequest(sendParams(provider))
  expect(loads.count).toBe(1)
  expect((await sink.nextMail()).envelope.to).toEqual(["ada@example.test"])
})
