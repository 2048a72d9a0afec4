/**
 * An adapter whose verification tokens are a no-op stub (`useVerificationToken` never returns what
 * `createVerificationToken` stored — common in hand-written adapters for apps that "do not use
 * e-mail") breaks every passkey ceremony: the challenge record handed out with the options is
 * never found again. Passkey registration must then say what is wrong with the adapter, not claim
 * the challenge was "already answered (replayed)", which sends people hunting for an attack.
 */
import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import type { Adapter } from "../../packages/core/src/adapters.js"
import type { AuthError } from "../../packages/core/src/errors.js"
import { passkeyApp } from "./support/passkey-app.js"

function loggedText(errors: Error[]): string {
  return errors
    .map((error) => `${(error as AuthError).type}: ${error.message} ${(error as AuthError).cause?.err?.message ?? ""}`)
    .join("\n")
}

describe("passkey registration on an adapter whose useVerificationToken is a stub", () => {
  for (const [kind, stub] of [
    ["returns nothing", async () => null],
    ["returns another record", async () => ({ identifier: "someone", token: "something-else", expires: new Date(Date.now() + 60_000) })],
  ] as const) {
    it(`${kind}: refused with an error naming the adapter method, never "replayed", and nothing stored`, async () => {
      const adapter: Adapter = { ...SQLiteAdapter(":memory:"), useVerificationToken: stub as Adapter["useVerificationToken"] }
      const app = passkeyApp({ adapter })
      const browser = app.browser()
      const response = await browser.signUp("ada@example.test")
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toContain("/auth/error?error=")
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(false)
      expect(await browser.session()).toBeNull()
      const logged = loggedText(app.logger.errors)
      expect(logged).toContain("AdapterError")
      expect(logged).toContain("useVerificationToken did not return the verification token createVerificationToken had just stored")
      expect(logged).not.toMatch(/replayed/i)
      expect(await adapter.getUserByEmail!("ada@example.test")).toBeNull()
    })
  }

  it("a working adapter still refuses a replay on another instance as a replay", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    const options = await browser.registrationOptions("ada@example.test")
    const attestation = await browser.authenticator.register(options)
    const challengeCookie = browser.cookies.get("authjs.challenge")!
    // Another instance claims the challenge first (its record is used up there).
    const { challengeIdentifier } = await import("../../packages/core/src/webauthn/challenge-ledger.js")
    const records = await import("../../packages/core/src/single-use/single-use-ledger.js")
    const fingerprint = await records.fingerprint("passkey-challenge", options.challenge)
    expect(await app.adapter.useVerificationToken!({ identifier: challengeIdentifier, token: fingerprint })).not.toBeNull()
    browser.cookies.set("authjs.challenge", challengeCookie)
    const response = await browser.callback("register", attestation)
    expect(response.headers.get("location")).toContain("error=WebAuthnVerificationError")
    expect(loggedText(app.logger.errors)).toMatch(/already answered \(replayed response\)/)
  })
})
