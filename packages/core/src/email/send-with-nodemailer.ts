import type { VerificationMail } from "./verification-mail.js"

/** The part of nodemailer Gatehouse uses: its own shape, so core's types do not pull in Node's. */
interface NodemailerModule {
  createTransport(server: unknown): {
    sendMail(message: Record<string, unknown>): Promise<{ rejected?: unknown[]; pending?: unknown[] }>
  }
}

let nodemailer: Promise<NodemailerModule> | undefined

/**
 * nodemailer is loaded on the first send, not when core is imported: apps that never send mail
 * (and runtimes without Node's `net`) never load it.
 */
function loadNodemailer(): Promise<NodemailerModule> {
  nodemailer ??= import("nodemailer").then(
    (module: { default?: NodemailerModule }) => module.default ?? (module as NodemailerModule),
    (error: Error) => {
      throw new Error("The nodemailer provider needs the nodemailer package: npm install nodemailer", { cause: error })
    },
  )
  // A failed load is not cached, so a later send can try again.
  nodemailer.catch(() => (nodemailer = undefined))
  return nodemailer
}

/**
 * Sends one mail over the provider's `server` (an SMTP URL or nodemailer transport options).
 * The recipient goes in as an address object, not a string, so nodemailer never runs its address
 * parser on it; and a mail that any recipient refused or left pending counts as not sent.
 */
export async function sendWithNodemailer(server: unknown, from: string | undefined, to: string, mail: VerificationMail): Promise<void> {
  const { createTransport } = await loadNodemailer()
  const transport = createTransport(server)
  const result = await transport.sendMail({ to: { name: "", address: to }, from, ...mail })
  const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean)
  if (failed.length) throw new Error(`The sign-in e-mail to ${failed.map(String).join(", ")} could not be sent`)
}
