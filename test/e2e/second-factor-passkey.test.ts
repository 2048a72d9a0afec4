/**
 * A passkey as the second factor (issue 31), end to end on a real SQLite file and a real
 * PostgreSQL database, with real assertions (a software authenticator, verified by
 * @simplewebauthn/server): no session before the passkey and exactly one after it, another user's
 * passkey refused with the same answer as a forged one, an assertion replayed on a second process
 * refused, a passkey as the first factor counting as both, and a passkey alone meeting a required
 * second factor.
 */
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { Auth } from "../../packages/core/src/index.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { SecondFactor, totpCodeAt } from "../../packages/core/src/second-factor/index.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  SoftwareAuthenticator,
} from "@gatehouse/test-kit/software-authenticator"
import { type InstanceDatabase, instanceDatabases } from "./support/instance-databases.js"
import { appOrigin as origin, passkeySecondFactorConfig, passwordOf } from "./support/passkey-second-factor-app.mjs"
import { startReadyInstance } from "./support/ready-instance.js"
import { secondFactorConfig, userNamed } from "./support/second-factor-app.mjs"

const base = `${origin}/auth`
const pendingCookie = "authjs.pending-sign-in"
const sessionCookie = "authjs.session-token"
const dashboard = `${origin}/dashboard`

/** A person of the test: an adapter user with a password, a browser, and their own authenticator. */
interface Person {
  email: string
  userId: string
  authenticator: SoftwareAuthenticator
  /** Their TOTP secret, once enrolled. */
  totp?: string
}

describe.each(instanceDatabases)("a passkey as the second factor on $label", (kind) => {
  let database: InstanceDatabase
  let config: AuthConfig
  let logger: ReturnType<typeof silentLogger>
  const signIns: any[] = []

  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(() => {
    logger = silentLogger()
    signIns.length = 0
    config = configWith()
  })

  function configWith(secondFactor: Record<string, unknown> = {}): AuthConfig {
    return passkeySecondFactorConfig(
      database.adapter,
      { Credentials, Passkey, SecondFactor },
      { logger, events: { signIn: (message: unknown) => void signIns.push(message) } },
      secondFactor,
    ) as AuthConfig
  }
  const browser = () => new TestBrowser((request) => Auth(request, config))

  const signInWithPassword = (at: TestBrowser, person: Person) =>
    at.post(`${base}/callback/credentials`, { email: person.email, password: passwordOf(person.email), callbackUrl: dashboard }, base)
  const session = async (at: TestBrowser) => (await at.fetch(`${base}/session`)).json() as Promise<any>
  const json = { accept: "application/json" }

  /** An adapter user who signs in with the password, registers a passkey (and, with `totp`, turns TOTP on), then signs out. */
  async function person(name: string, { totp = true, passkey = true } = {}): Promise<Person> {
    const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`
    const user = await database.adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(), name })
    const someone: Person = { email, userId: user.id, authenticator: new SoftwareAuthenticator(origin, 0) }
    const at = browser()
    expect((await signInWithPassword(at, someone)).headers.get("location")).toBe(dashboard)
    if (passkey) {
      const offered = (await (await at.fetch(`${base}/webauthn-options/passkey?action=register`)).json()) as any
      expect(offered.action).toBe("register")
      const registered = await at.post(
        `${base}/callback/passkey`,
        { action: "register", data: JSON.stringify(await someone.authenticator.register(offered.options)) },
        base,
      )
      expect(registered.status).toBe(302)
      expect(registered.headers.get("location")).not.toContain("error")
    }
    if (totp) {
      const { secret } = (await (await at.post(`${base}/second-factor/totp/enroll`, {}, base, json)).json()) as { secret: string }
      expect((await at.post(`${base}/second-factor/totp/confirm`, { code: await totpCodeAt(secret) }, base, json)).status).toBe(200)
      someone.totp = secret
    }
    signIns.length = 0
    return someone
  }

  /** The passkey options the challenge page's script fetches for this browser's pending sign-in. */
  async function passkeyOptions(at: TestBrowser, at_ = base): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const response = await at.fetch(`${at_}/second-factor/passkey/options`, { headers: json })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { action: string; options: PublicKeyCredentialRequestOptionsJSON }
    expect(body.action).toBe("authenticate")
    return body.options
  }

  /** Posts an assertion as the challenge page's passkey form does. */
  const answer = (at: TestBrowser, data: AuthenticationResponseJSON | string, at_ = base) =>
    at.post(`${at_}/callback/second-factor`, { action: "authenticate", data: typeof data === "string" ? data : JSON.stringify(data) }, at_)

  const setsSession = (response: Response) =>
    response.headers.getSetCookie().some((header) => header.startsWith(`${sessionCookie}=`) && !/max-age=0/i.test(header))

  it("issues no session after the password, and exactly one after the user's passkey: amr swk + mfa, signIn names the passkey", async () => {
    const ada = await person("ada")
    const at = browser()
    const first = await signInWithPassword(at, ada)
    expect(first.headers.get("location")).toBe(`${base}/second-factor`)
    expect(setsSession(first)).toBe(false)
    expect(at.cookies.has(pendingCookie)).toBe(true)
    expect(await session(at)).toBeNull()
    expect(await (await at.fetch(`${base}/second-factor`, { headers: json })).json()).toEqual({
      pending: true,
      mustEnrol: false,
      passkey: true,
    })

    // The page offers the code and the passkey, with the passkey script allowed by its hash only.
    const page = await at.fetch(`${base}/second-factor`)
    const html = await page.text()
    expect(html).toContain('autocomplete="one-time-code"')
    expect(html).toContain(`data-webauthn-options="${base}/second-factor/passkey/options"`)
    expect(html).toContain("SimpleWebAuthnBrowser")
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'sha256-[^']+'/)

    const options = await passkeyOptions(at)
    // Only Ada's credential is named: the first factor already said who is signing in.
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      Buffer.from(ada.authenticator.credentials[0]!.id).toString("base64url"),
    ])
    // Fetching the options opened nothing either.
    expect(await session(at)).toBeNull()

    const done = await answer(at, await ada.authenticator.authenticate(options))
    expect(done.status).toBe(302)
    expect(done.headers.get("location")).toBe(dashboard)
    expect(done.headers.getSetCookie().filter((header) => header.startsWith(`${sessionCookie}=`))).toHaveLength(1)
    expect(at.cookies.has(pendingCookie)).toBe(false)
    const signedIn = await session(at)
    expect(signedIn.user.email).toBe(ada.email)
    // The software authenticator's credentials are backed up (synced passkeys): software-secured.
    expect(signedIn.authentication).toMatchObject({ methods: ["pwd", "swk", "mfa"], mfa: true })
    expect(signIns).toHaveLength(1)
    expect(signIns[0]).toMatchObject({ secondFactor: "passkey", user: { email: ada.email } })
    // The signed-in user's methods: their passkey is counted.
    expect(await (await at.fetch(`${base}/second-factor`, { headers: json })).json()).toEqual({
      totp: true,
      backupCodesLeft: 10,
      passkeys: 1,
    })
    expect(await (await at.fetch(`${base}/second-factor`)).text()).toContain("Your passkeys (1) answer it too, instead of a code.")
  })

  it("refuses A's passkey on B's pending sign-in with the same answer as a forged assertion, and counts both as wrong", async () => {
    const [ada, bob] = [await person("ada"), await person("bob")]
    const at = browser()
    await signInWithPassword(at, bob)
    const bobsPending = at.cookies.get(pendingCookie)!

    // Ada's credential signs the challenge handed to Bob's pending sign-in (her authenticator, Bob's browser).
    const withAdas = await answer(at, await ada.authenticator.authenticate(await passkeyOptions(at)))
    expect(setsSession(withAdas)).toBe(false)
    expect(await session(at)).toBeNull()
    // Bob's own credential, its signature broken.
    const forged = await bob.authenticator.authenticate(await passkeyOptions(at))
    forged.response.signature = Buffer.from(forged.response.signature, "base64url").reverse().toString("base64url")
    const withForged = await answer(at, forged)
    // Garbage in `data`.
    const withGarbage = await answer(at, "{not json")

    for (const refused of [withAdas, withForged, withGarbage]) {
      expect(refused.status).toBe(302)
      expect(refused.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
      expect(setsSession(refused)).toBe(false)
    }
    const cookieNames = (response: Response) => response.headers.getSetCookie().map((header) => header.split("=")[0])
    expect(cookieNames(withAdas)).toEqual(cookieNames(withForged))
    expect(await session(at)).toBeNull()
    expect(at.cookies.get(pendingCookie)).toBe(bobsPending)
    const reasons = logger.errors.map((error: any) => error.cause?.reason)
    expect(reasons.filter((reason) => reason === "wrong-passkey")).toHaveLength(3)

    // Three wrong answers counted against Bob's pending sign-in: two more end it.
    await answer(at, "{}")
    const fifth = await answer(at, "{}")
    expect(fifth.headers.get("location")).toBe(`${base}/signin?error=SecondFactorFailed`)
    expect(at.cookies.has(pendingCookie)).toBe(false)
    // Ada's passkey still works for Ada (nothing of hers was spent or changed).
    const adas = browser()
    await signInWithPassword(adas, ada)
    expect((await answer(adas, await ada.authenticator.authenticate(await passkeyOptions(adas)))).headers.get("location")).toBe(dashboard)
  })

  it("refuses a challenge handed to another pending sign-in, even the same user's", async () => {
    const ada = await person("ada")
    const first = browser()
    await signInWithPassword(first, ada)
    const options = await passkeyOptions(first)
    const second = browser()
    await signInWithPassword(second, ada)
    // The first browser's challenge cookie and a valid assertion of it, sent with the second pending sign-in.
    second.cookies.set("authjs.challenge", first.cookies.get("authjs.challenge")!)
    const crossed = await answer(second, await ada.authenticator.authenticate(options))
    expect(crossed.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
    expect(await session(second)).toBeNull()
  })

  it("refuses an assertion replayed on a second process sharing the database", async () => {
    const ada = await person("ada")
    const at = browser()
    await signInWithPassword(at, ada)
    const data = JSON.stringify(await ada.authenticator.authenticate(await passkeyOptions(at)))
    const captured = new Map(at.cookies)
    expect((await answer(at, data)).headers.get("location")).toBe(dashboard)

    const instance = await startReadyInstance(join(import.meta.dirname, "support/passkey-second-factor-server.mjs"), {
      DB_KIND: database.kind,
      DB: database.name,
    })
    try {
      const otherBase = `${instance.origin}/auth`
      const other = new TestBrowser((request) => fetch(request, { redirect: "manual" }))
      // The whole request again: the pending cookie, the challenge cookie and the signed assertion.
      for (const name of [pendingCookie, "authjs.challenge"]) other.cookies.set(name, captured.get(name)!)
      const replayed = await answer(other, data, otherBase)
      // Refused by the challenge claimed through the database (a wrong answer, back to the page):
      // the assertion itself is spent there, before the pending sign-in's own claim is reached.
      expect(replayed.headers.get("location")).toBe(`${otherBase}/second-factor?error=SecondFactorFailed`)
      expect(setsSession(replayed)).toBe(false)
      expect(await (await other.fetch(`${otherBase}/session`)).json()).toBeNull()
    } finally {
      await instance.stop()
    }
  })

  it("a passkey as the first factor counts as both: a user with TOTP gets the session at once", async () => {
    const ada = await person("ada")
    const at = browser()
    const offered = (await (await at.fetch(`${base}/webauthn-options/passkey?action=authenticate`)).json()) as any
    const signedIn = await at.post(
      `${base}/callback/passkey`,
      { action: "authenticate", data: JSON.stringify(await ada.authenticator.authenticate(offered.options)) },
      base,
    )
    expect(signedIn.headers.get("location")).not.toBe(`${base}/second-factor`)
    expect(setsSession(signedIn)).toBe(true)
    expect(at.cookies.has(pendingCookie)).toBe(false)
    const current = await session(at)
    expect(current.user.email).toBe(ada.email)
    expect(current.authentication.mfa).toBe(true)
    // A synced passkey (backed up), used with user verification: possession and verification.
    expect(current.authentication.methods).toEqual(["swk", "user", "mfa"])
    expect(signIns).toHaveLength(1)
    expect(signIns[0].secondFactor).toBeUndefined()
  })

  it("a passkey sign-in without user verification is one factor: a user with TOTP is still asked for a second", async () => {
    const ada = await person("ada")
    // A provider that lets an authenticator sign without verifying the user (a security key merely touched).
    const [credentials] = config.providers
    config = {
      ...config,
      providers: [
        credentials!,
        Passkey({
          relayingParty: { id: new URL(origin).hostname, name: "Gatehouse test", origin },
          verifyAuthenticationOptions: { requireUserVerification: false },
        }),
      ],
    }
    const at = browser()
    const offered = (await (await at.fetch(`${base}/webauthn-options/passkey?action=authenticate`)).json()) as any
    const touched = await at.post(
      `${base}/callback/passkey`,
      { action: "authenticate", data: JSON.stringify(await ada.authenticator.authenticate(offered.options, { userVerified: false })) },
      base,
    )
    expect(touched.headers.get("location")).toBe(`${base}/second-factor`)
    expect(setsSession(touched)).toBe(false)
    expect(await session(at)).toBeNull()
    // The same key touched again would not be a second factor: only the code is asked for.
    expect(await (await at.fetch(`${base}/second-factor`, { headers: json })).json()).toEqual({
      pending: true,
      mustEnrol: false,
      passkey: false,
    })
    expect((await at.fetch(`${base}/second-factor/passkey/options`, { headers: json })).status).toBe(404)
    const done = await at.post(`${base}/callback/second-factor`, { code: await totpCodeAt(ada.totp!, Date.now() + 30_000) }, base)
    expect(setsSession(done)).toBe(true)
    expect((await session(at)).authentication).toMatchObject({ methods: ["swk", "user", "otp", "mfa"], mfa: true })
  })

  it("a passkey meets a required second factor without TOTP; a user without one must enrol", async () => {
    const ada = await person("ada", { totp: false })
    const bob = await person("bob", { totp: false, passkey: false })
    config = configWith({ required: true })
    const at = browser()
    expect((await signInWithPassword(at, ada)).headers.get("location")).toBe(`${base}/second-factor`)
    expect(await (await at.fetch(`${base}/second-factor`, { headers: json })).json()).toEqual({
      pending: true,
      mustEnrol: false,
      passkey: true,
    })
    const html = await (await at.fetch(`${base}/second-factor`)).text()
    expect(html).toContain("Use a passkey")
    // No TOTP to enter: no code field, and a code is refused.
    expect(html).not.toContain('autocomplete="one-time-code"')
    expect((await at.post(`${base}/callback/second-factor`, { code: "123456" }, base)).headers.get("location")).toBe(
      `${base}/second-factor?error=SecondFactorFailed`,
    )
    expect(await session(at)).toBeNull()
    const done = await answer(at, await ada.authenticator.authenticate(await passkeyOptions(at)))
    expect(done.headers.get("location")).toBe(dashboard)
    expect((await session(at)).authentication).toMatchObject({ methods: ["pwd", "swk", "mfa"], mfa: true })

    const bobs = browser()
    await signInWithPassword(bobs, bob)
    expect(await (await bobs.fetch(`${base}/second-factor`, { headers: json })).json()).toEqual({
      pending: true,
      mustEnrol: true,
      passkey: false,
    })
    // No passkey options for a pending sign-in that must enrol.
    expect((await bobs.fetch(`${base}/second-factor/passkey/options`, { headers: json })).status).toBe(404)
  })

  it("without a pending sign-in there are no passkey options, and no answer opens anything", async () => {
    const ada = await person("ada")
    const at = browser()
    expect((await at.fetch(`${base}/second-factor/passkey/options`, { headers: json })).status).toBe(404)
    // An assertion of a challenge from the sign-in options, posted as a second factor with no pending sign-in.
    const offered = (await (await at.fetch(`${base}/webauthn-options/passkey?action=authenticate`)).json()) as any
    const stray = await answer(at, await ada.authenticator.authenticate(offered.options))
    expect(stray.headers.get("location")).toBe(`${base}/signin?error=SecondFactorFailed`)
    expect(await session(at)).toBeNull()
  })

  it("answers a step-up with the session's own passkey: the session refreshed in place (swk + mfa), another user's passkey refused", async () => {
    const [ada, bob] = [await person("ada", { totp: false }), await person("bob", { totp: false })]
    const at = browser()
    expect((await signInWithPassword(at, ada)).headers.get("location")).toBe(dashboard)
    const before = await session(at)
    expect(before.authentication).toMatchObject({ methods: ["pwd"], mfa: false })
    signIns.length = 0

    const settings = `${origin}/settings`
    const sent = await at.fetch(`${base}/reauthenticate?callbackUrl=${encodeURIComponent(settings)}`)
    expect(sent.headers.get("location")).toBe(`${base}/second-factor`)
    const waiting = await (await at.fetch(`${base}/second-factor`, { headers: json })).json()
    expect(waiting).toMatchObject({ pending: true, mustEnrol: false, passkey: true, stepUp: true })
    expect(waiting.passkeys).toBeGreaterThan(0)
    // Bob's credential, signing the challenge handed to Ada's step-up: refused, nothing refreshed.
    const withBobs = await answer(at, await bob.authenticator.authenticate(await passkeyOptions(at)))
    expect(withBobs.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
    expect((await session(at)).authentication.mfa).toBe(false)

    const done = await answer(at, await ada.authenticator.authenticate(await passkeyOptions(at)))
    expect(done.headers.get("location")).toBe(settings)
    const after = await session(at)
    expect(after.user).toEqual(before.user)
    expect(after.authentication).toMatchObject({ methods: ["pwd", "swk", "mfa"], mfa: true })
    expect(signIns).toEqual([])
    // Without a step-up under way, the options are not handed out.
    expect((await at.fetch(`${base}/second-factor/passkey/options`, { headers: json })).status).toBe(404)
  })
})

describe("a passkey as the second factor: an app's own Credentials users", () => {
  it("are challenged for their code, and never offered a passkey (they have no stored passkeys)", async () => {
    const { SQLiteAdapter } = await import("../../packages/adapter-sqlite/src/index.js")
    const config = {
      ...secondFactorConfig(SQLiteAdapter(":memory:"), Credentials, SecondFactor, { logger: silentLogger() }),
      experimental: { enableWebAuthn: true },
      secondFactor: SecondFactor({ methods: ["totp", "backup-code", "passkey"] }),
    } as AuthConfig
    config.providers = [...config.providers, Passkey()]
    const at = new TestBrowser((request) => Auth(request, config))
    const name = "ada"
    const signIn = () =>
      at.post(`${base}/callback/credentials`, { username: name, password: userNamed(name).password, callbackUrl: dashboard }, base)
    await signIn()
    const json = { accept: "application/json" }
    const { secret } = (await (await at.post(`${base}/second-factor/totp/enroll`, {}, base, json)).json()) as { secret: string }
    await at.post(`${base}/second-factor/totp/confirm`, { code: await totpCodeAt(secret) }, base, json)
    expect(await (await at.fetch(`${base}/second-factor`, { headers: json })).json()).toMatchObject({ totp: true, passkeys: 0 })
    at.cookies.clear()

    expect((await signIn()).headers.get("location")).toBe(`${base}/second-factor`)
    expect(await (await at.fetch(`${base}/second-factor`, { headers: json })).json()).toEqual({
      pending: true,
      mustEnrol: false,
      passkey: false,
    })
    expect(await (await at.fetch(`${base}/second-factor`)).text()).not.toContain("second-factor/passkey/options")
    expect((await at.fetch(`${base}/second-factor/passkey/options`, { headers: json })).status).toBe(404)
    const done = await at.post(`${base}/callback/second-factor`, { code: await totpCodeAt(secret, Date.now() + 30_000) }, base)
    expect(done.headers.get("location")).toBe(dashboard)
    expect((await (await at.fetch(`${base}/session`)).json()).authentication.methods).toEqual(["pwd", "otp", "mfa"])
  })
})

describe("a passkey as the second factor: configuration", () => {
  it('"passkey" with an adapter that keeps no passkeys is a configuration error naming the missing methods', async () => {
    const { SQLiteAdapter } = await import("../../packages/adapter-sqlite/src/index.js")
    const logger = silentLogger()
    const { listAuthenticatorsByUserId: _list, getAuthenticator: _get, ...withoutPasskeys } = SQLiteAdapter(":memory:")
    const config = passkeySecondFactorConfig(withoutPasskeys, { Credentials, Passkey, SecondFactor }, { logger }) as AuthConfig
    expect((await Auth(new Request(`${base}/session`), config)).status).toBe(500)
    const logged = logger.errors.map((error: any) => String(error.message)).join("\n")
    expect(logged).toContain('secondFactor.methods "passkey"')
    expect(logged).toContain("listAuthenticatorsByUserId, getAuthenticator")
  })

  it('"passkey" without a WebAuthn provider is a configuration error naming it', async () => {
    const { SQLiteAdapter } = await import("../../packages/adapter-sqlite/src/index.js")
    const logger = silentLogger()
    const config = {
      ...passkeySecondFactorConfig(SQLiteAdapter(":memory:"), { Credentials, Passkey, SecondFactor }, { logger }),
      providers: [Credentials({ credentials: {}, authorize: () => null })],
    } as AuthConfig
    const response = await Auth(new Request(`${base}/session`), config)
    expect(response.status).toBe(500)
    expect(logger.errors.map((error: any) => String(error.message)).join("\n")).toContain(
      'secondFactor.methods "passkey" needs a WebAuthn or Passkey provider',
    )
  })
})
