/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that parses every mail it accepts (mailparser),
 * for tests that check what a sign-in mail really looks like on the wire.
 */
import { createServer, type AddressInfo } from "node:net"
import { simpleParser, type ParsedMail } from "mailparser"
import { SMTPServer } from "smtp-server"

export interface ReceivedMail {
  mail: ParsedMail
  /** The SMTP envelope: who the server was actually asked to deliver to. */
  envelope: { from: string; to: string[] }
}

export interface SmtpSink {
  port: number
  /** nodemailer transport options for this server. */
  server: { host: string; port: number; secure: false; ignoreTLS: true }
  received: ReceivedMail[]
  /** Resolves with the next mail (or one already received and not yet taken). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>
  /** Refuse every recipient from now on (a server that is up but will not deliver). */
  rejectRecipients(reject: boolean): void
  /** Answer each mail's data only after `ms` (a distant server; 0: at once again), to make sending time visible. */
  delayDelivery(ms: number): void
  close(): Promise<void>
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  let taken = 0
  const waiters: Array<() => void> = []
  let rejecting = false
  let deliveryDelayMs = 0

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejecting) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }))
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            mail,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
            },
          })
          for (const wake of waiters.splice(0)) wake()
          setTimeout(() => callback(), deliveryDelayMs)
        })
        .catch(callback)
    },
  })
  const port = await new Promise<number>((resolve, reject) => {
    smtp.on("error", reject)
    smtp.listen(0, "127.0.0.1", () => resolve((smtp.server.address() as AddressInfo).port))
  })

  return {
    port,
    server: { host: "127.0.0.1", port, secure: false, ignoreTLS: true },
    received,
    async nextMail(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      while (received.length <= taken) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error("No mail arrived")
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      return received[taken++]
    },
    rejectRecipients(reject) {
      rejecting = reject
    },
    delayDelivery(ms) {
      deliveryDelayMs = ms
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}

/** A port on 127.0.0.1 with nothing listening: an SMTP server that is down. */
export async function deadPort(): Promise<number> {
  const probe = createServer()
  const port = await new Promise<number>((resolve) => probe.listen(0, "127.0.0.1", () => resolve((probe.address() as AddressInfo).port)))
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

// Reading what a test needs out of a received sign-in mail.

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
