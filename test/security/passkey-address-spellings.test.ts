/**
 * Passkey sign-up (signed out, `webauthn-options?action=register&email=…`) under another spelling
 * of someone's address. The address a passkey user is created with is unverified, so Gatehouse
 * refuses a sign-up for an address a user already has, and removes a squatter's passkey once the
 * owner proves the address by e-mail. Both checks look the address up exactly; the e-mail flow
 * normalizes it first (NFKC, trimmed, lower-cased). A sign-up taken as typed —
 * `Victim@Example.test`, ` victim@example.test` — slipped past both: the attacker got a session
 * whose `user.email` is the victim's address but for case (what an app comparing addresses
 * case-insensitively takes for the victim), which the victim's e-mail sign-in did not clean up.
 * A passkey sign-up must read the address as the e-mail flow does, and refuse what it would refuse.
 */
import Nodemailer from "../../packages/core/src/providers/nodemailer.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { linkFromMail, startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { base, passkeyApp, type PasskeyApp, type PasskeyBrowser } from "../e2e/support/passkey-app.js"

const victimAddress = "victim@example.test"
const spellings = ["Victim@Example.test", "VICTIM@EXAMPLE.TEST", " victim@example.test", "victim@example.test\t"]

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(async () => {
  await sink?.close()
})

function app(): PasskeyApp {
  return passkeyApp({ providers: [Passkey(), Nodemailer({ server: sink.server, from: "Gatehouse <no-reply@gatehouse.test>" })] })
}

/** The victim signs in by e-mail (link and confirmation button), as in any browser. */
async function victimSignsInByEmail(victim: PasskeyBrowser): Promise<void> {
  const form = (fields: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  })
  const sent = await victim.fetch(`${base}/signin/nodemailer`, form({ csrfToken: await victim.csrfToken(base), email: victimAddress }))
  expect(sent.status).toBe(302)
  const page = await victim.fetch(linkFromMail(await sink.nextMail()).href)
  const [confirm] = pageForms(await page.text())
  expect((await victim.fetch(confirm!.action, form(confirm!.fields))).status).toBe(302)
}

/** Whatever an attacker's passkey session says about its user, it is not an address the victim owns (any case). */
async function expectNotTheVictim(attacker: PasskeyBrowser) {
  const email = (await attacker.session())?.user?.email
  expect(email?.trim().toLowerCase()).not.toBe(victimAddress)
}

describe.each(spellings)("a passkey sign-up for %j", (spelling) => {
  it("once the victim has an account: no session under the victim's address", async () => {
    const passkeys = app()
    await victimSignsInByEmail(passkeys.browser())
    const attacker = passkeys.browser()
    const options = await attacker.options({ action: "register", email: spelling })
    if (options.status === 200) {
      const body = (await options.json()) as { action: string; options: any }
      if (body.action === "register") await attacker.callback("register", await attacker.authenticator.register(body.options))
    }
    await expectNotTheVictim(attacker)
  })

  it("before the victim's first sign-in: the squatter's passkey is gone once the victim proves the address", async () => {
    const passkeys = app()
    const attacker = passkeys.browser()
    const options = await attacker.options({ action: "register", email: spelling })
    if (options.status === 200) {
      const body = (await options.json()) as { action: string; options: any }
      if (body.action === "register") await attacker.callback("register", await attacker.authenticator.register(body.options))
    }
    await victimSignsInByEmail(passkeys.browser())
    // The attacker's passkey signs in to nobody who holds the victim's address.
    await attacker.signIn().catch(() => undefined)
    await expectNotTheVictim(attacker)
  })
})
