/**
 * Property tests of e-mail addresses (CVE-2022-35924, GHSA-5jpx-9hw9-2fx4, CVE-2026-73420):
 * every address the provider accepts is one plain mailbox, already in its final form, that the
 * mailer's own address parser (nodemailer's, which decides where mail goes) reads as exactly
 * that one address. End to end: a sign-in mail only ever goes to such an address, and the
 * token it carries is bound to that same address.
 */
import Database from "better-sqlite3"
import fc from "fast-check"
import { domainToASCII } from "node:url"
import nodemailer from "nodemailer"
import addressparser from "nodemailer/lib/addressparser"
import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../../adapter-sqlite/src/index.js"
import { Auth } from "../handler/auth.js"
import Email from "../providers/email.js"
import { base, browserFor, credentialsConfig } from "@gatehouse/test-kit/credentials-app"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import { hostileText } from "@gatehouse/test-kit/hostile-text"
import { normalizeEmailAddress, readEmailIdentifier } from "./email-address.js"

/** Pieces of addresses that have misrouted mail in some parser. */
const addressPiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("ada", "victim", "attacker", "corp", "example", "test", "a", "Ｚ", "ä", "用户") },
  { weight: 3, arbitrary: fc.constantFrom("@", "＠", "﹫", "@@", ".", "..", "+", "-", "_") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '"',
      ",",
      ";",
      "<",
      ">",
      "(",
      ")",
      ":",
      "\\",
      " ",
      "\t",
      "\u3000",
      "\u00a0",
      "\u200b",
      "\r\n",
      "%40",
      "&#64;",
      "<b>",
      "=?utf-8?q?",
      "ℌ",
      "ﬁ",
      "ｃｏｍ",
      "\u0000",
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) },
)
const addressLike = fc.array(addressPiece, { maxLength: 14 }).map((pieces) => pieces.join(""))

function asciiDomain(address: string): string {
  const at = address.lastIndexOf("@")
  return `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1)) || address.slice(at + 1)}`
}

/** Builds the message as nodemailer would send it (no network): its envelope says where mail goes. */
const mailer = nodemailer.createTransport({ jsonTransport: true })

/**
 * What "one plain mailbox" means, checked with the mailer's own parser and envelope rather than
 * our own rules: the SMTP recipients of a mail to `identifier` are exactly `identifier`.
 */
async function expectOneMailbox(identifier: string) {
  const info = await mailer.sendMail({ from: "no-reply@example.test", to: identifier, text: "x" })
  expect(info.envelope.to).toHaveLength(1)
  // nodemailer may spell an internationalized domain in punycode: the same domain.
  expect(asciiDomain(info.envelope.to[0]!)).toBe(asciiDomain(identifier))
  expect(identifier.normalize("NFKC")).toBe(identifier)
  expect(identifier.split("@")).toHaveLength(2)
  const parsed = addressparser(identifier, { flatten: true }) as { address: string; name: string }[]
  expect(parsed).toHaveLength(1)
  expect(parsed[0]!.address).toBe(identifier)
  expect(parsed[0]!.name).toBe("")
}

describe("e-mail address properties", () => {
  it(
    "an accepted address is one mailbox in its final form; nothing throws",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(addressLike, hostileText(10)), async (input) => {
          const { identifier, problem } = readEmailIdentifier(input, {})
          if (identifier === undefined) expect(typeof problem).toBe("string")
          else {
            await expectOneMailbox(identifier)
            // Already final: folding it again changes nothing (so no later step can fold it differently).
            expect(normalizeEmailAddress(identifier)).toBe(identifier)
          }
        }),
        fuzzBudget(3000),
      )
    },
    fuzzTimeout(),
  )

  it(
    "ordinary addresses in any case and spacing are accepted, as their lower-case selves",
    () => {
      fc.assert(
        fc.property(fc.emailAddress(), fc.constantFrom("", " ", "\t", "\u3000"), fc.boolean(), (address, pad, upper) => {
          fc.pre(address.length <= 320 && address.split("@")[0]!.length <= 64 && !address.includes(".."))
          const input = `${pad}${upper ? address.toUpperCase() : address}${pad}`
          const { identifier } = readEmailIdentifier(input, {})
          expect(identifier).toBe(address.toLowerCase())
        }),
        fuzzBudget(500),
      )
    },
    fuzzTimeout(),
  )

  it(
    "a custom normalizeIdentifier cannot reopen the holes: its output is validated the same way",
    async () => {
      await fc.assert(
        fc.asyncProperty(addressLike, async (input) => {
          const { identifier } = readEmailIdentifier(input, { normalizeIdentifier: (value: string) => value.trim() })
          if (identifier !== undefined) await expectOneMailbox(identifier)
        }),
        fuzzBudget(2000),
      )
    },
    fuzzTimeout(),
  )

  it(
    "end to end: mail only goes to one mailbox, with a token stored for that same address",
    async () => {
      const db = new Database(":memory:")
      const sent: { identifier: string; token: string }[] = []
      const config = credentialsConfig({
        adapter: SQLiteAdapter(db),
        providers: [Email({ sendVerificationRequest: async ({ identifier, token }) => void sent.push({ identifier, token }) })],
      })
      const browser = browserFor(config)
      await fc.assert(
        fc.asyncProperty(addressLike, async (email) => {
          sent.length = 0
          const response = await browser.post(`${base}/signin/email`, { email }, base)
          expect(response.status).toBeLessThan(500)
          expect(sent.length).toBeLessThanOrEqual(1)
          for (const mail of sent) {
            await expectOneMailbox(mail.identifier)
            // The link's token, and the code's bookkeeping rows (prefixed), all name that address.
            const rows = db.prepare("SELECT identifier FROM verification_tokens").pluck().all() as string[]
            expect(rows).toContain(mail.identifier)
            for (const stored of rows)
              expect(stored === mail.identifier || (stored.startsWith("gatehouse:") && stored.endsWith(`:${mail.identifier}`))).toBe(true)
          }
          db.exec("DELETE FROM verification_tokens")
          // And the page the browser lands on never echoes the address unescaped.
          const location = response.headers.get("location")
          if (location) expect(new URL(location, base).origin).toBe(new URL(base).origin)
        }),
        fuzzBudget(150),
      )
      // The property must have been exercised on accepted addresses too, not only on refusals.
      sent.length = 0
      const control = await browser.post(`${base}/signin/email`, { email: " Ada@Example.TEST " }, base)
      expect(control.headers.get("location"), String((config.logger as any).errors.at(-1)?.message)).toContain("verify-request")
      expect(sent.map((m) => m.identifier)).toEqual(["ada@example.test"])
      const page = await Auth(new Request(`${base}/verify-request?provider=email&type=email`), config)
      expect(page.status).toBeLessThan(500)
    },
    fuzzTimeout(),
  )
})
