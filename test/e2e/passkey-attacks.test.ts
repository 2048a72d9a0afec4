/**
 * Attacks on passkey sign-in and sign-up. Each forged or replayed response must end on the
 * error page (WebAuthnVerificationError), leave a logged cause, set no session and change
 * nothing stored.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import type { AuthError } from "../../packages/core/src/errors.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import WebAuthn from "../../packages/core/src/providers/webauthn.js"
import { base, origin, passkeyApp, type PasskeyApp, type PasskeyBrowser } from "./support/passkey-app.js"

const errorPage = `${base}/error?error=WebAuthnVerificationError`

/** The response went to the error page, the log says why, and no session exists. */
async function expectRejected(app: PasskeyApp, browser: PasskeyBrowser, response: Response, cause: RegExp) {
  expect(response.status).toBe(302)
  expect(response.headers.get("location")).toBe(errorPage)
  expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false)
  expect(await browser.session()).toBeNull()
  const logged = app.logger.errors.at(-1) as AuthError
  expect(logged?.type).toBe("WebAuthnVerificationError")
  const causeText = `${logged.message} ${logged.cause?.err?.message ?? ""}`
  expect(causeText).toMatch(cause)
}

/** An app with one registered user (and a signed-out browser holding their passkey). */
async function appWithUser(counterStep = 1) {
  const app = passkeyApp()
  const victim = app.browser(counterStep)
  await victim.signUp("victim@example.test")
  await victim.signOut()
  const user = (await app.adapter.getUserByEmail!("victim@example.test"))!
  const [authenticator] = await app.adapter.listAuthenticatorsByUserId!(user.id)
  return { app, victim, user, authenticator }
}

afterEach(() => {
  vi.useRealTimers()
})

describe("replayed responses", () => {
  it("a response posted again after the challenge cookie was used is refused (cookie gone)", async () => {
    const { app, victim } = await appWithUser()
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options)
    expect((await victim.callback("authenticate", assertion)).headers.get("location")).not.toBe(errorPage)
    await victim.signOut()
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /challenge cookie was missing/)
  })

  for (const [kind, counterStep] of [
    ["a security key (counter grows)", 1],
    ["a synced passkey (counter stays 0)", 0],
  ] as const) {
    it(`a captured cookie and response sent again are refused, for ${kind}`, async () => {
      const { app, victim, authenticator } = await appWithUser(counterStep)
      const options = await victim.authenticationOptions()
      const challengeCookie = victim.cookies.get("authjs.challenge")!
      const assertion = await victim.authenticator.authenticate(options)
      expect((await victim.callback("authenticate", assertion)).headers.get("location")).not.toBe(errorPage)
      const storedCounter = (await app.adapter.getAuthenticator!(authenticator.credentialID))!.counter

      const attacker = app.browser()
      attacker.cookies.set("authjs.challenge", challengeCookie)
      await expectRejected(
        app,
        attacker,
        await attacker.callback("authenticate", assertion),
        counterStep ? /counter value 1 was lower than expected 1/ : /already answered/,
      )
      expect((await app.adapter.getAuthenticator!(authenticator.credentialID))!.counter).toBe(storedCounter)
    })
  }

  it("a replayed registration is refused and creates nothing", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    const options = await browser.registrationOptions("once@example.test")
    const challengeCookie = browser.cookies.get("authjs.challenge")!
    const attestation = await browser.authenticator.register(options)
    await browser.callback("register", attestation)
    const attacker = app.browser()
    attacker.cookies.set("authjs.challenge", challengeCookie)
    await expectRejected(app, attacker, await attacker.callback("register", attestation), /already registered/)
    const user = await app.adapter.getUserByEmail!("once@example.test")
    expect(await app.adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(1)
  })
})

describe("cross-site requests (CSRF)", () => {
  /** No session, no counter change, and the log names the missing token. */
  async function expectNoSession(app: PasskeyApp, browser: PasskeyBrowser, response: Response) {
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${base}/signin?error=MissingCSRF`)
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false)
    expect(await browser.session()).toBeNull()
    expect((app.logger.errors.at(-1) as AuthError)?.type).toBe("MissingCSRF")
  }

  it("a valid assertion posted without a CSRF token signs nobody in, and the challenge stays usable", async () => {
    const { app, victim, authenticator } = await appWithUser(0)
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options)
    await expectNoSession(app, victim, await victim.callback("authenticate", assertion, "passkey", { csrfToken: undefined }))
    expect((await app.adapter.getAuthenticator!(authenticator.credentialID))!.counter).toBe(0)
    // Refused before anything was verified or spent: the same response with the token goes through.
    expect((await victim.callback("authenticate", assertion)).headers.get("location")).toBe(origin)
    expect((await victim.session())?.user?.email).toBe("victim@example.test")
  })

  it("a valid assertion posted with another browser's CSRF token signs nobody in", async () => {
    const { app, victim } = await appWithUser()
    const attacker = app.browser()
    const foreignToken = await attacker.csrfToken(base)
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options)
    await expectNoSession(app, victim, await victim.callback("authenticate", assertion, "passkey", { csrfToken: foreignToken }))
  })

  it("a registration posted without a CSRF token creates no user", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    const options = await browser.registrationOptions("forged-signup@example.test")
    const attestation = await browser.authenticator.register(options)
    await expectNoSession(app, browser, await browser.callback("register", attestation, "passkey", { csrfToken: undefined }))
    expect(await app.adapter.getUserByEmail!("forged-signup@example.test")).toBeNull()
  })
})

describe("foreign credentials", () => {
  it("a credential this site never registered is refused", async () => {
    const { app } = await appWithUser()
    const elsewhere = passkeyApp().browser()
    await elsewhere.signUp("someone@example.test")
    const attacker = app.browser()
    const options = await attacker.authenticationOptions()
    const assertion = await elsewhere.authenticator.authenticate(options)
    await expectRejected(app, attacker, await attacker.callback("authenticate", assertion), /No authenticator is registered/)
  })

  it("the victim's credential id signed with another key is refused", async () => {
    const { app, victim } = await appWithUser()
    const attacker = app.browser()
    const ownKey = passkeyApp().browser()
    await ownKey.signUp("attacker@example.test")
    const forged = { ...ownKey.authenticator.credentials[0], id: victim.authenticator.credentials[0].id }
    const options = await attacker.authenticationOptions()
    const assertion = await ownKey.authenticator.authenticate(options, { credential: forged })
    await expectRejected(app, attacker, await attacker.callback("authenticate", assertion), /signature could not be verified/i)
  })

  it("registering a new key under the victim's credential id does not sign in as the victim", async () => {
    const { app, victim, user } = await appWithUser()
    const attacker = app.browser()
    // Suppose the id leaked (Gatehouse's options never list it, but an authenticator or another site may show it).
    const victimId = victim.authenticator.credentials[0].id
    const options = await attacker.registrationOptions("attacker@example.test")
    const attestation = await attacker.authenticator.register(options, { credentialId: new Uint8Array(victimId) })
    await expectRejected(app, attacker, await attacker.callback("register", attestation), /already registered/)
    expect(await app.adapter.getUserByEmail!("attacker@example.test")).toBeNull()
    // The victim's own passkey still works and still belongs to the victim.
    await victim.signIn()
    expect((await victim.session())?.user?.email).toBe(user.email)
  })

  it("a credential registered with one provider does not sign in through another", async () => {
    const app = passkeyApp({ providers: [WebAuthn({ enableConditionalUI: false }), Passkey()] })
    const browser = app.browser()
    await browser.signUp("two@example.test", "webauthn")
    await browser.signOut()
    const options = await browser.authenticationOptions({}, "passkey")
    const assertion = await browser.authenticator.authenticate(options)
    await expectRejected(app, browser, await browser.callback("authenticate", assertion, "passkey"), /not registered with this provider/)
  })
})

describe("wrong origin or relying party", () => {
  it("a response made on another origin is refused", async () => {
    const { app, victim } = await appWithUser()
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options, { origin: "http://evil.test" })
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /origin/i)
  })

  it("a registration made on another origin is refused and creates no user", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    const options = await browser.registrationOptions("phished@example.test")
    const attestation = await browser.authenticator.register(options, { origin: "http://localhost.evil.test" })
    await expectRejected(app, browser, await browser.callback("register", attestation), /origin/i)
    expect(await app.adapter.getUserByEmail!("phished@example.test")).toBeNull()
  })

  it("a response for another RP ID is refused", async () => {
    const { app, victim } = await appWithUser()
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options, { rpId: "evil.test" })
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /RP ID/i)
  })

  it("a registration for another RP ID is refused", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    const options = await browser.registrationOptions("rp@example.test")
    const attestation = await browser.authenticator.register(options, { rpId: "evil.test" })
    await expectRejected(app, browser, await browser.callback("register", attestation), /RP ID/i)
  })
})

describe("challenges", () => {
  it("with a shared store that cannot be reached, a valid answer signs nobody in (the claim fails closed)", async () => {
    const unreachable = { hit: async () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379")) }
    const app = passkeyApp({ rateLimit: { store: unreachable, perIp: false, accountFields: ["email"] } })
    const browser = app.browser(0)
    const response = await browser.signUp("store-down@example.test")
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false)
    expect(await browser.session()).toBeNull()
    expect(await app.adapter.getUserByEmail!("store-down@example.test")).toBeNull()
    expect(String((app.logger.errors.at(-1) as AuthError)?.cause?.err?.message ?? app.logger.errors.at(-1)?.message)).toMatch(
      /ECONNREFUSED/,
    )
  })

  it("a response without a challenge cookie is refused", async () => {
    const { app, victim } = await appWithUser()
    const options = await victim.authenticationOptions()
    victim.cookies.delete("authjs.challenge")
    const assertion = await victim.authenticator.authenticate(options)
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /challenge cookie was missing/)
  })

  it("a challenge older than 15 minutes is refused", async () => {
    const { app, victim } = await appWithUser()
    vi.useFakeTimers({ toFake: ["Date"] })
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options)
    vi.setSystemTime(Date.now() + 16 * 60 * 1000)
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /could not be read/)
  })

  it("a tampered challenge cookie is refused", async () => {
    const { app, victim } = await appWithUser()
    const options = await victim.authenticationOptions()
    const cookie = victim.cookies.get("authjs.challenge")!
    victim.cookies.set("authjs.challenge", cookie.slice(0, -4) + (cookie.endsWith("AAAA") ? "BBBB" : "AAAA"))
    const assertion = await victim.authenticator.authenticate(options)
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /could not be read/)
  })

  it("a response signing another challenge than the cookie's is refused", async () => {
    const { app, victim } = await appWithUser()
    const options = await victim.authenticationOptions()
    const other = await app.browser().authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options, { challenge: other.challenge })
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /challenge/i)
  })

  it("a challenge cookie from another provider is refused", async () => {
    const app = passkeyApp({ providers: [WebAuthn({ enableConditionalUI: false }), Passkey()] })
    const browser = app.browser()
    const options = await browser.registrationOptions("cross@example.test", "webauthn")
    const attestation = await browser.authenticator.register(options)
    await expectRejected(app, browser, await browser.callback("register", attestation, "passkey"), /another provider/)
    expect(await app.adapter.getUserByEmail!("cross@example.test")).toBeNull()
  })

  it("a sign-in challenge cannot be used to register, nor a registration challenge to sign in", async () => {
    const { app, victim } = await appWithUser()
    const auth = await victim.authenticationOptions()
    const registration = await victim.authenticator.register({
      ...(await app.browser().registrationOptions("x@example.test")),
      challenge: auth.challenge,
    })
    await expectRejected(app, victim, await victim.callback("register", registration), /issued for authenticate, not register/)

    const regOptions = await victim.registrationOptions("y@example.test")
    const assertion = await victim.authenticator.authenticate({ ...auth, challenge: regOptions.challenge })
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /issued for register, not authenticate/)
  })
})

describe("signature counters", () => {
  it("a counter that goes backwards is refused and the stored counter stays", async () => {
    const { app, victim, authenticator } = await appWithUser()
    await victim.signIn()
    await victim.signIn()
    await victim.signOut()
    expect((await app.adapter.getAuthenticator!(authenticator.credentialID))!.counter).toBe(2)
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options, { counter: 1 })
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /counter value 1 was lower than expected 2/)
    expect((await app.adapter.getAuthenticator!(authenticator.credentialID))!.counter).toBe(2)
  })

  it("a counter that stays the same once it is non-zero is refused (a cloned key)", async () => {
    const { app, victim } = await appWithUser()
    await victim.signIn()
    await victim.signOut()
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options, { counter: 1 })
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /counter value 1 was lower than expected 1/)
  })
})

describe("user verification and malformed input", () => {
  it("a passkey response without user verification is refused", async () => {
    const { app, victim } = await appWithUser()
    const options = await victim.authenticationOptions()
    const assertion = await victim.authenticator.authenticate(options, { userVerified: false })
    await expectRejected(app, victim, await victim.callback("authenticate", assertion), /user could not be verified/i)
  })

  it("data that is not JSON, or has no credential id, is refused", async () => {
    const { app, victim } = await appWithUser()
    await victim.authenticationOptions()
    await expectRejected(app, victim, await victim.callback("authenticate", "{not json"), /not valid JSON/)
    await expectRejected(app, victim, await victim.callback("authenticate", JSON.stringify({ rawId: "x" })), /Invalid WebAuthn/)
    await expectRejected(app, victim, await victim.callback("authenticate", JSON.stringify({ id: "%%%" })), /not base64url/)
  })

  it("an unknown action goes to the error page without a session", async () => {
    const { app, victim } = await appWithUser()
    const response = await victim.callback("delete", "{}")
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(await victim.session()).toBeNull()
    expect(app.logger.errors.at(-1)?.message).toMatch(/Invalid action parameter/)
  })
})
