/** Reading what a test needs out of a received sign-in mail. */
import type { ReceivedMail } from "./smtp-sink.js"

/** The magic link, taken from the plain-text part (the line that is a callback URL). */
export function linkFromMail(received: ReceivedMail): URL {
  const line = (received.mail.text ?? "").split("\n").find((l) => /^https?:\/\/\S+\/callback\//.test(l.trim()))
  if (!line) throw new Error(`No sign-in link in the mail:\n${received.mail.text}`)
  return new URL(line.trim())
}

/** The one-time code, as printed in the plain-text part. */
export function codeFromMail(received: ReceivedMail): string {
  const match = /code on the sign-in page: ([A-Z0-9-]+)/.exec(received.mail.text ?? "")
  if (!match) throw new Error(`No code in the mail:\n${received.mail.text}`)
  return match[1]
}
