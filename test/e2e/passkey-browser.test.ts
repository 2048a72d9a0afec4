/**
 * Passkeys in a real browser: headless Chromium with a CDP virtual authenticator (CTAP2,
 * internal transport, resident keys, user verification) against Auth()'s built-in sign-in page
 * and @gatehouse/webauthn-browser, served by a small Node server with the SQLite adapter.
 *
 * Chromium's virtual authenticator answers conditional (autofill) requests by itself, choosing
 * its discoverable credential: that stands in for the user picking the passkey from autofill.
 */
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { launchChromium } from "./support/launch-chromium.js"
import { addPasskeyAuthenticator, openPasskeyPage } from "./support/virtual-authenticator.js"
import { startPasskeyServer, type PasskeyServer } from "./support/passkey-server.js"

let browser: Browser
/** The default Passkey provider: conditional UI on. */
let server: PasskeyServer
/** Conditional UI off, so only the form's button starts a ceremony. */
let buttonServer: PasskeyServer
let context: BrowserContext
let page: Page
let cdp: CDPSession
let authenticatorId: string
/** What the page did, printed when a test fails. */
let trace: string[] = []

beforeAll(async () => {
  ;[browser, server, buttonServer] = await Promise.all([
    launchChromium(),
    startPasskeyServer(),
    startPasskeyServer({ providers: [Passkey({ enableConditionalUI: false })] }),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await buttonServer?.close()
})

beforeEach(async () => {
  context = await browser.newContext()
  trace = []
  ;({ page, cdp, authenticatorId } = await openPasskeyPage(context, trace))
})

afterEach(async (test) => {
  if (test.task.result?.state === "fail") console.log(`Browser trace of "${test.task.name}":\n${trace.join("\n")}`)
  await context?.close()
})

type Session = { user?: { email?: string; name?: string | null } } | null

async function session(): Promise<Session> {
  return page.evaluate(async () => (await fetch("/auth/session")).json())
}

async function credentials() {
  return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials
}

/** Waits until the browser has left the auth pages (landed in the app or on the error page). */
function leftSignInPage(app: PasskeyServer) {
  return page.waitForURL((url) => url.origin === app.origin && !url.pathname.startsWith("/auth/signin"))
}

async function signOut(app: PasskeyServer) {
  await page.goto(`${app.origin}/auth/signout`)
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/auth/")), page.click("button[type=submit]")])
  expect(await session()).toBeNull()
}

/** Signs in through the built-in form; the e-mail field is required, as in Auth.js. */
async function signInWithForm(app: PasskeyServer, email: string, landing = "/") {
  await page.goto(`${app.origin}/auth/signin?callbackUrl=${encodeURIComponent(landing)}`)
  await page.fill("#input-email-for-passkey-provider", email)
  await Promise.all([leftSignInPage(app), page.click("#passkey-form button[type=submit]")])
}

/** Registers a new passkey through the built-in form (an unknown e-mail means sign-up). */
async function signUpWithForm(app: PasskeyServer, email: string, landing = "/dashboard") {
  await page.goto(`${app.origin}/auth/signin?callbackUrl=${encodeURIComponent(landing)}`)
  await page.fill("#input-email-for-passkey-provider", email)
  await Promise.all([page.waitForURL(`${app.origin}${landing}`), page.click("#passkey-form button[type=submit]")])
}

describe("built-in sign-in page", () => {
  it("registers a passkey, signs out, and signs back in with the button as the same user", async () => {
    await signUpWithForm(buttonServer, "ada@example.test")
    expect((await session())?.user?.email).toBe("ada@example.test")
    const [credential] = await credentials()
    expect(credential.isResidentCredential).toBe(true)
    const user = await buttonServer.adapter.getUserByEmail!("ada@example.test")
    const [stored] = await buttonServer.adapter.listAuthenticatorsByUserId!(user!.id)
    expect(stored.credentialID).toBe(credential.credentialId)

    await signOut(buttonServer)

    // A known e-mail: the server answers sign-in, naming no credential; the authenticator offers its discoverable one.
    await signInWithForm(buttonServer, "ada@example.test", "/again")
    expect(page.url()).toBe(`${buttonServer.origin}/again`)
    expect((await session())?.user?.email).toBe("ada@example.test")
    const [used] = await credentials()
    expect(used.signCount).toBeGreaterThan(0)
    expect((await buttonServer.adapter.getAuthenticator!(stored.credentialID))!.counter).toBe(used.signCount)
    expect(buttonServer.errors).toEqual([])
  })

  it("signs in through passkey autofill (conditional UI) when the page loads", async () => {
    await signUpWithForm(server, "grace@example.test")
    await signOut(server)
    const optionsRequests: string[] = []
    page.on("request", (request) => {
      if (request.url().includes("/webauthn-options/")) optionsRequests.push(request.url())
    })
    await page.goto(`${server.origin}/auth/signin?callbackUrl=${encodeURIComponent("/autofilled")}`)
    // Nothing clicked, nothing typed: the autofill ceremony completes on its own.
    await page.waitForURL(`${server.origin}/autofilled`)
    expect((await session())?.user?.email).toBe("grace@example.test")
    expect(optionsRequests).toEqual([`${server.origin}/auth/webauthn-options/passkey?action=authenticate`])
  })

  it("refuses a passkey whose signature counter went backwards: error page, no session", async () => {
    await signUpWithForm(buttonServer, "lin@example.test")
    await signOut(buttonServer)
    await signInWithForm(buttonServer, "lin@example.test")
    await signOut(buttonServer)

    // A clone of the key: same private key, an older counter.
    const [credential] = await credentials()
    await cdp.send("WebAuthn.removeCredential", { authenticatorId, credentialId: credential.credentialId })
    await cdp.send("WebAuthn.addCredential", { authenticatorId, credential: { ...credential, signCount: 0 } })
    const errorsBefore = buttonServer.errors.length
    await signInWithForm(buttonServer, "lin@example.test")
    expect(page.url()).toBe(`${buttonServer.origin}/auth/error?error=WebAuthnVerificationError`)
    expect(await session()).toBeNull()
    const logged = buttonServer.errors.slice(errorsBefore)
    expect(logged.map((e) => (e as Error & { cause?: { err?: Error } }).cause?.err?.message)).toEqual([
      expect.stringMatching(/counter value \d+ was lower than expected/),
    ])
  })

  it("stays on the page with a message when the user does not verify", async () => {
    await signUpWithForm(buttonServer, "cancel@example.test")
    await signOut(buttonServer)
    await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false })
    await page.goto(`${buttonServer.origin}/auth/signin`)
    await page.fill("#input-email-for-passkey-provider", "cancel@example.test")
    await page.click("#passkey-form button[type=submit]")
    const message = page.locator("#passkey-form [data-webauthn-error]")
    await message.waitFor({ state: "visible" })
    expect(await message.textContent()).toBe("Passkey sign-in did not complete. Please try again.")
    expect(new URL(page.url()).pathname).toBe("/auth/signin")
    expect(await session()).toBeNull()
  })
})

describe("@gatehouse/webauthn-browser", () => {
  async function helperPage(app: PasskeyServer) {
    await page.goto(`${app.origin}/helper`)
    await page.waitForSelector("body[data-ready=yes]")
  }

  it("signs up, signs in, and adds a passkey with signIn(), without leaving the page", async () => {
    await helperPage(buttonServer)
    const signedUp = await page.evaluate(() =>
      (window as any).passkeys.signIn("passkey", { action: "register", email: "helper@example.test", redirect: false }),
    )
    expect(signedUp).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: `${buttonServer.origin}/helper` })
    expect((await session())?.user?.email).toBe("helper@example.test")

    // Signed in: register adds a second passkey to the same user. The first authenticator is
    // excluded (it already holds one of this user's credentials)…
    const again = await page.evaluate(() =>
      (window as any).passkeys.signIn("passkey", { action: "register", redirect: false }).catch((error: Error) => error.name),
    )
    expect(again).toBe("InvalidStateError")
    // …so the user brings another one.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId })
    authenticatorId = await addPasskeyAuthenticator(cdp)
    const added = await page.evaluate(() => (window as any).passkeys.signIn("passkey", { action: "register", redirect: false }))
    expect(added.ok).toBe(true)
    const user = await buttonServer.adapter.getUserByEmail!("helper@example.test")
    expect(await buttonServer.adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(2)

    await signOut(buttonServer)
    await helperPage(buttonServer)
    const signedIn = await page.evaluate(() => (window as any).passkeys.signIn("passkey", { callbackUrl: "/after", redirect: false }))
    expect(signedIn).toMatchObject({ ok: true, url: `${buttonServer.origin}/after` })
    expect((await session())?.user?.email).toBe("helper@example.test")
  })

  it("follows the redirect by default", async () => {
    await helperPage(buttonServer)
    await Promise.all([
      page.waitForURL(`${buttonServer.origin}/welcome`),
      page.evaluate(() =>
        (window as any).passkeys.signIn("passkey", { action: "register", email: "redirect@example.test", callbackUrl: "/welcome" }),
      ),
    ])
    expect((await session())?.user?.email).toBe("redirect@example.test")
  })

  it("reports refusals: a registration for a known e-mail, and a failed verification", async () => {
    await helperPage(buttonServer)
    await page.evaluate(() =>
      (window as any).passkeys.signIn("passkey", { action: "register", email: "taken@example.test", redirect: false }),
    )
    await signOut(buttonServer)
    await helperPage(buttonServer)
    const refused = await page.evaluate(() =>
      (window as any).passkeys.signIn("passkey", { action: "register", email: "taken@example.test", redirect: false }),
    )
    expect(refused).toEqual({ error: "Invalid request", code: undefined, status: 400, ok: false, url: null })

    // The authenticator loses its key: the browser has nothing to sign with.
    await cdp.send("WebAuthn.clearCredentials", { authenticatorId })
    const failed = await page.evaluate(() =>
      (window as any).passkeys.signIn("passkey", { redirect: false }).then(
        () => "resolved",
        (error: Error) => error.name,
      ),
    )
    expect(failed).toBe("NotAllowedError")
    expect(await session()).toBeNull()
  })

  it("signs in through autofill with useBrowserAutofill", async () => {
    await helperPage(server)
    await page.evaluate(() =>
      (window as any).passkeys.signIn("passkey", { action: "register", email: "auto@example.test", redirect: false }),
    )
    await signOut(server)
    await helperPage(server)
    const result = await page.evaluate(() => (window as any).passkeys.signIn("passkey", { useBrowserAutofill: true, redirect: false }))
    expect(result.ok).toBe(true)
    expect((await session())?.user?.email).toBe("auto@example.test")
  })
})
