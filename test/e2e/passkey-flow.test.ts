/**
 * Passkey sign-up and sign-in through Auth() with the SQLite adapter and a software
 * authenticator: the options route's decision table, the callback's effects on the database
 * and the session, and the flows of Auth.js (new user, existing user, passkey added to a
 * signed-in user).
 */
import { describe, expect, it } from "vitest"
import Passkey from "../../packages/core/src/providers/passkey.js"
import WebAuthn from "../../packages/core/src/providers/webauthn.js"
import { checkedSimpleWebAuthn } from "../../packages/core/src/webauthn/load-simplewebauthn.js"
import { base, origin, passkeyApp, type OptionsBody } from "./support/passkey-app.js"

describe("passkey sign-up and sign-in", () => {
  it("registers a new user, signs out, and signs back in as the same user", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    const signUp = await browser.signUp("grace@example.test")
    expect(signUp.status).toBe(302)
    expect(signUp.headers.get("location")).toBe(origin)
    const first = await browser.session()
    expect(first?.user?.email).toBe("grace@example.test")

    const user = await app.adapter.getUserByEmail!("grace@example.test")
    expect(user?.emailVerified).toBeNull()
    const [authenticator] = await app.adapter.listAuthenticatorsByUserId!(user!.id)
    expect(authenticator).toMatchObject({ userId: user!.id, counter: 0, credentialDeviceType: "multiDevice", transports: "internal" })
    // Stored as standard base64, like Auth.js, and the account points at it.
    expect(authenticator.credentialID).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(await app.adapter.getAccount!(authenticator.providerAccountId, "passkey")).toMatchObject({
      userId: user!.id,
      type: "webauthn",
      providerAccountId: authenticator.credentialID,
    })

    await browser.signOut()
    expect(await browser.session()).toBeNull()

    const signIn = await browser.signIn()
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe(origin)
    expect((await browser.session())?.user?.email).toBe("grace@example.test")
    expect((await app.adapter.getAuthenticator!(authenticator.credentialID))?.counter).toBe(1)
    expect(app.logger.errors).toEqual([])
    expect(app.logger.warnings).toContain("experimental-webauthn")
  })

  it("deletes the challenge cookie when the callback uses it", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    const options = await browser.registrationOptions("ada@example.test")
    expect(browser.cookies.has("authjs.challenge")).toBe(true)
    const response = await browser.callback("register", await browser.authenticator.register(options))
    const deletion = response.headers.getSetCookie().find((c) => c.startsWith("authjs.challenge="))
    expect(deletion).toMatch(/Max-Age=0/)
    expect(browser.cookies.has("authjs.challenge")).toBe(false)
  })

  it("signs in with a JWT session too, and the jwt callback sees trigger signUp then signIn", async () => {
    const triggers: string[] = []
    const app = passkeyApp({
      session: { strategy: "jwt" },
      callbacks: { jwt: ({ token, trigger }) => (trigger && triggers.push(trigger), token) },
    })
    const browser = app.browser()
    await browser.signUp("jo@example.test")
    expect((await browser.session())?.user?.email).toBe("jo@example.test")
    await browser.signOut()
    await browser.signIn()
    expect((await browser.session())?.user?.email).toBe("jo@example.test")
    expect(triggers).toEqual(["signUp", "signIn"])
  })

  it("sends a new user to pages.newUser, and fires createUser, linkAccount and signIn events", async () => {
    const events: string[] = []
    const app = passkeyApp({
      pages: { newUser: "/welcome" },
      events: {
        createUser: () => void events.push("createUser"),
        linkAccount: ({ account }) => void events.push(`linkAccount:${account.type}`),
        signIn: ({ isNewUser }) => void events.push(`signIn:${isNewUser}`),
      },
    })
    const response = await app.browser().signUp("new@example.test")
    expect(response.headers.get("location")).toBe(`${origin}/welcome?callbackUrl=${encodeURIComponent(origin)}`)
    expect(events).toEqual(["createUser", "linkAccount:webauthn", "signIn:true"])
  })

  it("adds a second passkey to the signed-in user", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    await browser.signUp("lin@example.test")
    const user = await app.adapter.getUserByEmail!("lin@example.test")

    // Signed in: register needs the explicit action, and excludes the existing credential.
    expect((await browser.options()).status).toBe(400)
    const options = await browser.registrationOptions("ignored@example.test")
    expect(options.user.name).toBe("lin@example.test")
    expect(options.excludeCredentials).toHaveLength(1)
    const response = await browser.callback("register", await browser.authenticator.register(options))
    expect(response.status).toBe(302)
    expect(await app.adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(2)
    expect((await browser.session())?.user?.email).toBe("lin@example.test")

    // Either passkey signs in as the same user.
    await browser.signOut()
    const second = browser.authenticator.credentials[1]
    const auth = await browser.authenticationOptions()
    await browser.callback("authenticate", await browser.authenticator.authenticate(auth, { credential: second }))
    expect((await browser.session())?.user?.email).toBe("lin@example.test")
  })

  it("runs the signIn callback with the user and the webauthn account, and AccessDenied stops it", async () => {
    const seen: unknown[] = []
    const app = passkeyApp({
      callbacks: {
        signIn: ({ user, account }) => {
          seen.push({ email: user.email, type: account?.type, provider: account?.provider })
          return user.email !== "blocked@example.test"
        },
      },
    })
    await app.browser().signUp("ok@example.test")
    expect(seen).toEqual([{ email: "ok@example.test", type: "webauthn", provider: "passkey" }])
    const blocked = app.browser()
    const response = await blocked.signUp("blocked@example.test")
    expect(response.headers.get("location")).toBe(`${base}/error?error=AccessDenied`)
    expect(await blocked.session()).toBeNull()
    expect(await app.adapter.getUserByEmail!("blocked@example.test")).toBeNull()
  })
})

describe("GET /webauthn-options", () => {
  it("refuses an unknown action with 400 Invalid action", async () => {
    const response = await passkeyApp().browser().options({ action: "delete" })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: "Invalid action" })
  })

  it("follows Auth.js's decision table", async () => {
    const app = passkeyApp()
    const known = app.browser()
    await known.signUp("known@example.test")
    const stranger = app.browser()

    const decide = async (query: Record<string, string>, browser = stranger) => {
      const response = await browser.options(query)
      const body = (await response.json()) as OptionsBody | { error: string }
      return response.status === 200 ? (body as OptionsBody).action : `${response.status} ${(body as { error: string }).error}`
    }
    // Signed out.
    expect(await decide({})).toBe("authenticate")
    expect(await decide({ email: "known@example.test" })).toBe("authenticate")
    expect(await decide({ email: "fresh@example.test" })).toBe("register")
    expect(await decide({ action: "authenticate", email: "fresh@example.test" })).toBe("authenticate")
    expect(await decide({ action: "register", email: "fresh@example.test" })).toBe("register")
    expect(await decide({ action: "register", email: "known@example.test" })).toBe("400 Invalid request")
    expect(await decide({ action: "register" })).toBe("400 Invalid request")
    // Signed in.
    expect(await decide({}, known)).toBe("400 Invalid request")
    expect(await decide({ action: "authenticate" }, known)).toBe("authenticate")
    expect(await decide({ action: "register" }, known)).toBe("register")
  })

  it("names no credential when signing in, with or without an e-mail (see test/security/passkey-options-enumeration)", async () => {
    const app = passkeyApp()
    const browser = app.browser()
    await browser.signUp("list@example.test")
    await browser.signOut()
    const typed = await browser.authenticationOptions({ email: "list@example.test" })
    expect(typed.allowCredentials ?? []).toEqual([])
    const open = await browser.authenticationOptions()
    expect(open.allowCredentials ?? []).toEqual([])
  })

  it("uses the request URL as relying party by default, and the configured one otherwise", async () => {
    const app = passkeyApp()
    const options = await app.browser().registrationOptions("rp@example.test")
    expect(options.rp).toEqual({ id: "localhost", name: "localhost:3000" })
    expect(options.timeout).toBe(300_000)
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" })

    const configured = passkeyApp({
      providers: [Passkey({ relayingParty: { id: ["example.test", "other.test"], name: "Example", origin: "https://example.test" } })],
    })
    const response = await configured.browser().options({ action: "authenticate" })
    const body = (await response.json()) as OptionsBody
    expect(body.options).toMatchObject({ rpId: "example.test", userVerification: "required", timeout: 300_000 })
  })

  it("sets a 15-minute HttpOnly challenge cookie", async () => {
    const response = await passkeyApp().browser().options({ action: "authenticate" })
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("authjs.challenge="))!
    expect(cookie).toMatch(/Max-Age=900/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
  })

  it("sends a non-WebAuthn provider to the error page (InvalidProvider)", async () => {
    const app = passkeyApp({
      providers: [Passkey(), { id: "creds", name: "Creds", type: "credentials", credentials: {}, authorize: () => null }],
    })
    const response = await app.browser().fetch(`${base}/webauthn-options/creds`)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(app.logger.errors[0]?.name).toBe("InvalidProvider")
  })

  it("serves the WebAuthn provider (not passkey) with its own defaults, discoverable credentials unless the app asks otherwise", async () => {
    const app = passkeyApp({ providers: [WebAuthn()] })
    const options = await app.browser().registrationOptions("w@example.test", "webauthn")
    expect(options.authenticatorSelection?.userVerification).not.toBe("required")
    // Sign-in options name no credential, so a credential the authenticator cannot discover would never sign in.
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", requireResidentKey: true })
    const configured = passkeyApp({
      providers: [
        WebAuthn({ registrationOptions: { authenticatorSelection: { residentKey: "discouraged", userVerification: "discouraged" } } }),
      ],
    })
    // An app asking for credentials the authenticator need not find keeps its choice (and sign-in then names them).
    const own = await configured.browser().registrationOptions("w@example.test", "webauthn")
    expect(own.authenticatorSelection).toMatchObject({ residentKey: "discouraged", userVerification: "discouraged" })
  })
})

describe("passkeys on @simplewebauthn/server 9 (next-auth's peer range)", () => {
  it("refuse at the first ceremony with one message naming the version needed, and serve no options", async () => {
    // The real version 9, installed under an alias beside the supported major.
    const version9 = () => checkedSimpleWebAuthn(() => import("simplewebauthn-server-9"))
    const app = passkeyApp({ providers: [Passkey({ loadSimpleWebAuthn: version9 })] })
    const response = await app.browser().options({ action: "register", email: "ada@example.test" })
    // As any failed GET action: to the error page, the details in the server log only.
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Configuration")
    expect(response.headers.get("set-cookie") ?? "").not.toContain("challenge")
    const logged = app.logger.errors.map((error) => (error as Error).message)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/Passkeys need @simplewebauthn\/server 13 or later.*npm install @simplewebauthn\/server@\^13/)
    expect(await app.adapter.getUserByEmail!("ada@example.test")).toBeNull()
  })
})
