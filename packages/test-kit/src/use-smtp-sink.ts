import { afterAll, beforeAll } from "vitest"
import { type SmtpSink, startSmtpSink } from "./smtp-sink.js"

/** Starts an SMTP sink before the suite's tests and closes it after them; the returned function gives the running sink. */
export function useSmtpSink(): () => SmtpSink {
  let sink: SmtpSink | undefined
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(async () => {
    await sink?.close()
  })
  return () => sink!
}
