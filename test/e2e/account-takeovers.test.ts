/**
 * Who you become: attacks that try to end up in someone else's user, through Auth() on a real
 * SQLite file and a real PostgreSQL database (serial ids: the victim is adapter user 1), with the
 * dev IdP (oidc-provider on loopback) and mail through a real SMTP server.
 *
 * - Credentials identity: `authorize`'s id names a `credentials` account, never an adapter user,
 *   and an e-mail address another user has is refused, never linked (issue 25, item 1).
 * - Pre-account hijacking: a passkey registered for the victim's address while signed out, or an
 *   OpenID login whose provider did not verify the address, must not survive the victim's e-mail
 *   sign-in, while the user and its id do (issue 25 item 2, issue 22 item 4).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import Credentials from "../../packages/core/src/providers/credentials.js"
import Nodemailer from "../../packages/core/src/providers/nodemailer.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { codeFromMail, linkFromMail, startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { startDevIdentityProvider, type DevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { appOrigin, base, basicClient, browserFor, landing, loggedTypes, oidcProvider, signInThroughIdp } from "./oauth-app.js"
import {
  databaseApp,
  forgetIdpSession,
  readSession,
  sessionCookieName,
  sessionTokenOf,
  signInWithCredentials,
  updateSession,
  type DatabaseApp,
} from "./support/database-session-app.js"
import { sessionDatabases, useSessionDatabase, type SessionDatabase } from "./support/session-databases.js"
import { base as passkeyBase, passkeyApp, type PasskeyBrowser } from "./support/passkey-app.js"

const victimAddress = "victim@example.test"

let idp: DevIdentityProvider
let sink: SmtpSink

beforeAll(async () => {
  sink = await startSmtpSink()
  idp = await startDevIdentityProvider({
    clients: [basicClient],
    users: [
      { sub: "victim", name: "Victim", email: victimAddress, email_verified: true },
      // An account at a provider that lets anyone type any address and does not verify it.
      { sub: "attacker", name: "Attacker", email: victimAddress, email_verified: false },
      { sub: "mallory", name: "Mallory", email: "mallory@example.test", email_verified: true },
    ],
  })
})
afterAll(async () => {
  await idp?.close()
  await sink?.close()
})

type Requester = (url: string, init?: RequestInit) => Promise<Response>

/** Asks for a sign-in mail at `authBase` and finishes it by its link (confirmation page, button) or its code. */
async function signInByEmail(request: Requester, authBase: string, email: string, by: "link" | "code"): Promise<Response> {
  const csrf = async () => ((await (await request(`${authBase}/csrf`)).json()) as { csrfToken: string }).csrfToken
  const form = (fields: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  })
  const sent = await request(
    `${authBase}/signin/nodemailer`,
    form({ csrfToken: await csrf(), email, callbackUrl: `${new URL(authBase).origin}/dashboard` }),
  )
  expect(sent.status).toBe(302)
  const mail = await sink.nextMail()
  if (by === "code") {
    return request(`${authBase}/callback/nodemailer`, form({ csrfToken: await csrf(), email, code: codeFromMail(mail) }))
  }
  const page = await request(linkFromMail(mail).href)
  const [confirm] = pageForms(await page.text())
  return request(confirm!.action, form(confirm!.fields))
}

const mailer = () => Nodemailer({ server: sink.server, from: "Gatehouse <no-reply@gatehouse.test>" })

describe.each(sessionDatabases)("account takeovers on $label", (kind) => {
  const database = useSessionDatabase(kind)
  let db: SessionDatabase
  beforeEach(() => {
    db = database()
  })

  /** The victim signs up through the IdP with their verified address: a verified adapter user. */
  async function victimSignsUp(): Promise<{ app: DatabaseApp; victimId: string }> {
    const app = databaseApp(db.adapter, idp.issuer, { providers: [oidcProvider(idp.issuer)] })
    await signInThroughIdp(browserFor({ [appOrigin]: app }), "dev-oidc", { username: "victim" })
    const victim = (await db.adapter.getUserByEmail!(victimAddress))!
    expect(victim.emailVerified).toBeInstanceOf(Date)
    return { app, victimId: victim.id }
  }

  const credentials = (authorize: (c: Record<string, unknown>) => unknown, options: Record<string, unknown> = {}) =>
    Credentials({ credentials: { username: {}, password: {} }, authorize, ...options } as any)

  describe("credentials identity", () => {
    it("an app user whose id equals an adapter user's id does not become that user", async () => {
      const { victimId } = await victimSignsUp()
      // On PostgreSQL the victim is adapter user 1, and app user 1 is someone else entirely.
      if (kind.label === "PostgreSQL") expect(victimId).toBe("1")
      const app = databaseApp(db.adapter, idp.issuer, {
        providers: [credentials(() => ({ id: victimId, name: "Mallory", email: "mallory@example.test" }))],
      })
      const browser = browserFor({ [appOrigin]: app })
      const response = await signInWithCredentials(browser, { username: "mallory", password: "hers" })
      expect(response.headers.get("location")).toBe(landing)

      const signedInAs = (await db.sessionRow(sessionTokenOf(browser)!))!.userId
      expect(signedInAs).not.toBe(victimId)
      expect((await readSession(browser)).body.user).toEqual({ id: signedInAs, name: "Mallory", email: "mallory@example.test" })
      expect(await db.accountOwners("credentials")).toEqual([signedInAs])
      expect(await db.accountOwners("dev-oidc")).toEqual([victimId])
      expect((await db.adapter.getUser!(victimId))!.name).toBe("Victim")
      expect(await db.count("users")).toBe(2)
    })

    it("an app user who registered the victim's address is refused (AccountNotLinked), never linked", async () => {
      const { victimId } = await victimSignsUp()
      const app = databaseApp(db.adapter, idp.issuer, {
        providers: [credentials(() => ({ id: "app-9", name: "Mallory", email: victimAddress }))],
      })
      const browser = browserFor({ [appOrigin]: app })
      const response = await signInWithCredentials(browser, { username: "mallory", password: "hers" })
      expect(response.headers.get("location")).toBe(`${base}/signin?error=AccountNotLinked`)
      expect(sessionTokenOf(browser)).toBeUndefined()
      expect(loggedTypes(app)).toEqual(["AccountNotLinked"])
      expect(await db.accountOwners("credentials")).toEqual([])
      expect(await db.count("users")).toBe(1)
      expect(await db.count("sessions")).toBe(1) // the victim's own
      expect((await db.adapter.getUser!(victimId))!.name).toBe("Victim")
    })

    it("allowDangerousEmailAccountLinking still refuses an address authorize does not vouch for", async () => {
      await victimSignsUp()
      // Not vouching: nothing, or values that only look like it ("false" is a truthy string).
      for (const emailVerified of [undefined, null, false, "false", 0, "not a date"]) {
        const app = databaseApp(db.adapter, idp.issuer, {
          providers: [
            credentials(() => ({ id: "app-9", email: victimAddress, emailVerified }), { allowDangerousEmailAccountLinking: true }),
          ],
        })
        const browser = browserFor({ [appOrigin]: app })
        const response = await signInWithCredentials(browser, { username: "mallory", password: "hers" })
        expect(response.headers.get("location")).toBe(`${base}/signin?error=AccountNotLinked`)
        expect(await db.accountOwners("credentials")).toEqual([])
      }
    })

    it("allowDangerousEmailAccountLinking with a vouched address joins that address's user", async () => {
      const { victimId } = await victimSignsUp()
      const app = databaseApp(db.adapter, idp.issuer, {
        providers: [
          credentials(() => ({ id: "app-1", email: victimAddress, emailVerified: new Date() }), {
            allowDangerousEmailAccountLinking: true,
          }),
        ],
      })
      const browser = browserFor({ [appOrigin]: app })
      await signInWithCredentials(browser, { username: "victim", password: "theirs" })
      expect((await db.sessionRow(sessionTokenOf(browser)!))!.userId).toBe(victimId)
      expect(await db.accountOwners("credentials")).toEqual([victimId])
      expect(await db.accountOwners("dev-oidc")).toEqual([victimId])
    })

    it("jwt strategy: a credentials session whose sub equals an adapter user's id links no OAuth account onto that user", async () => {
      const { victimId } = await victimSignsUp()
      const app = databaseApp(db.adapter, idp.issuer, {
        session: { strategy: "jwt" },
        providers: [credentials(() => ({ id: victimId, name: "Mallory", email: "mallory@example.test" })), oidcProvider(idp.issuer)],
        // A jwt callback that rebuilds the token from scratch, as many apps' do.
        callbacks: { jwt: ({ token }) => ({ sub: token.sub, name: token.name, email: token.email }) },
      })
      const attacker = browserFor({ [appOrigin]: app })
      await signInWithCredentials(attacker, { username: "mallory", password: "hers" })
      const issued = sessionTokenOf(attacker)
      expect((await updateSession(attacker, { theme: "dark" })).body.user.email).toBe("mallory@example.test")
      expect(sessionTokenOf(attacker)).not.toBe(issued) // re-issued through the rebuilding callback

      // Signed in that way, the attacker signs in with their own IdP account: it must not land on the victim.
      await signInThroughIdp(attacker, "dev-oidc", { username: "mallory" })
      const mallory = (await db.adapter.getUserByEmail!("mallory@example.test"))!
      expect(mallory.id).not.toBe(victimId)
      expect(await db.adapter.getUserByAccount!({ provider: "dev-oidc", providerAccountId: "mallory" })).toMatchObject({ id: mallory.id })
      expect(await db.accountOwners("dev-oidc")).toEqual(expect.arrayContaining([victimId, mallory.id]))
      expect((await db.accountOwners("dev-oidc")).filter((owner) => owner === victimId)).toHaveLength(1)
    })

    it("jwt strategy: a credentials session whose sub equals an adapter user's id adds no passkey to that user", async () => {
      const { victimId } = await victimSignsUp()
      const app = passkeyApp({
        adapter: db.adapter,
        session: { strategy: "jwt" },
        providers: [Passkey(), credentials(() => ({ id: victimId, name: "Mallory", email: "mallory@example.test" }))],
      })
      const attacker = app.browser()
      await attacker.post(`${passkeyBase}/callback/credentials`, { username: "mallory", password: "hers" }, passkeyBase)
      expect((await attacker.session())?.user?.email).toBe("mallory@example.test")
      const options = await attacker.options({ action: "register" })
      if (options.status === 200) {
        const body = (await options.json()) as { options: any }
        await attacker.callback("register", await attacker.authenticator.register(body.options))
      }
      expect(await db.adapter.listAuthenticatorsByUserId!(victimId)).toEqual([])
    })

    it("authorizeReturnsAdapterUserId signs in as the adapter user with that id, and refuses an id no user has", async () => {
      const { victimId } = await victimSignsUp()
      const app = databaseApp(db.adapter, idp.issuer, {
        providers: [credentials((c) => ({ id: String(c.username) }), { authorizeReturnsAdapterUserId: true })],
      })
      const browser = browserFor({ [appOrigin]: app })
      await signInWithCredentials(browser, { username: victimId, password: "theirs" })
      expect((await db.sessionRow(sessionTokenOf(browser)!))!.userId).toBe(victimId)
      expect(await db.count("users")).toBe(1)

      const stranger = browserFor({ [appOrigin]: app })
      const response = await signInWithCredentials(stranger, { username: "999999", password: "x" })
      expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
      expect(sessionTokenOf(stranger)).toBeUndefined()
      expect(await db.count("users")).toBe(1)
    })
  })

  describe("pre-account hijacking", () => {
    it("a passkey registered for the victim's address while signed out is gone after the victim's e-mail sign-in; the user and its id stay", async () => {
      const removed: any[] = []
      const app = passkeyApp({
        adapter: db.adapter,
        providers: [Passkey(), mailer()],
        events: { unverifiedAttachmentsRemoved: (message) => void removed.push(message) },
      })
      const attacker: PasskeyBrowser = app.browser()
      expect((await attacker.signUp(victimAddress)).status).toBe(302)
      const squatted = (await db.adapter.getUserByEmail!(victimAddress))!
      expect(squatted.emailVerified).toBeNull()
      const [attackerKey] = await db.adapter.listAuthenticatorsByUserId!(squatted.id)
      expect(attackerKey).toBeDefined()
      expect(await db.accountOwners("passkey")).toEqual([squatted.id])

      const victim = app.browser()
      const response = await signInByEmail((url, init) => victim.fetch(url, init), passkeyBase, victimAddress, "link")
      expect(response.status).toBe(302)
      const owner = (await db.adapter.getUserByEmail!(victimAddress))!
      // The same user, now verified: whatever the app keeps under its id stays the owner's.
      expect(owner.id).toBe(squatted.id)
      expect(owner.emailVerified).toBeInstanceOf(Date)
      expect((await victim.session())?.user?.email).toBe(victimAddress)
      expect(await db.count("users")).toBe(1)

      // Everything the attacker attached went, in one transaction.
      expect(await db.adapter.getAuthenticator!(attackerKey!.credentialID)).toBeNull()
      expect(await db.adapter.listAuthenticatorsByUserId!(owner.id)).toEqual([])
      expect(await db.accountOwners("passkey")).toEqual([])
      expect(await attacker.session()).toBeNull() // the attacker's session row went too
      expect(removed).toHaveLength(1)
      expect(removed[0].user.id).toBe(squatted.id)
      expect(removed[0].provider).toBe("nodemailer")
      expect(removed[0].authenticators.map((a: { credentialID: string }) => a.credentialID)).toEqual([attackerKey!.credentialID])
      expect(removed[0].accounts.map((a: { provider: string }) => a.provider)).toEqual(["passkey"])

      // The attacker's passkey signs in to nobody.
      const retry = await attacker.signIn()
      expect(retry.headers.get("location")).toMatch(/\/auth\/error\?error=/)
      expect(await attacker.session()).toBeNull()
      expect(await db.count("sessions")).toBe(1)
    })

    it("a credentials sign-in that vouches for the address removes the squatter's passkey too (allowDangerousEmailAccountLinking)", async () => {
      const removed: any[] = []
      const app = passkeyApp({
        adapter: db.adapter,
        providers: [
          Passkey(),
          credentials(() => ({ id: "app-1", name: "Victim", email: victimAddress, emailVerified: true }), {
            allowDangerousEmailAccountLinking: true,
          }),
        ],
        events: { unverifiedAttachmentsRemoved: (message) => void removed.push(message) },
      })
      const attacker = app.browser()
      await attacker.signUp(victimAddress)
      const squatted = (await db.adapter.getUserByEmail!(victimAddress))!

      const victim = app.browser()
      await victim.post(`${passkeyBase}/callback/credentials`, { username: "victim", password: "theirs" }, passkeyBase)
      const owner = (await db.adapter.getUserByEmail!(victimAddress))!
      expect(owner.id).toBe(squatted.id)
      expect(owner.emailVerified).toBeInstanceOf(Date)
      expect(await db.accountOwners("credentials")).toEqual([owner.id])
      expect(await db.accountOwners("passkey")).toEqual([])
      expect(await db.adapter.listAuthenticatorsByUserId!(owner.id)).toEqual([])
      expect(removed.map((message) => [message.user.id, message.provider])).toEqual([[squatted.id, "credentials"]])
      expect(await attacker.session()).toBeNull()
      expect((await victim.session())?.user?.email).toBe(victimAddress)
    })

    it("signed out, a passkey cannot be registered for an address whose user exists", async () => {
      const app = passkeyApp({ adapter: db.adapter, providers: [Passkey(), mailer()] })
      const victim = app.browser()
      await signInByEmail((url, init) => victim.fetch(url, init), passkeyBase, victimAddress, "code")
      const attacker = app.browser()
      const options = await attacker.options({ action: "register", email: victimAddress })
      expect(options.status).toBe(400)
      expect(await db.adapter.listAuthenticatorsByUserId!((await db.adapter.getUserByEmail!(victimAddress))!.id)).toEqual([])
    })

    it("an OpenID login with email_verified false no longer reaches the user after the victim's e-mail sign-in", async () => {
      const app = databaseApp(db.adapter, idp.issuer, { providers: [oidcProvider(idp.issuer), mailer()] })
      const attacker = browserFor({ [appOrigin]: app })
      await signInThroughIdp(attacker, "dev-oidc", { username: "attacker" })
      const squatted = (await db.adapter.getUserByEmail!(victimAddress))!
      expect(squatted.emailVerified).toBeNull() // the provider did not vouch for the address
      expect(await db.accountOwners("dev-oidc")).toEqual([squatted.id])

      const victim = browserFor({ [appOrigin]: app })
      const response = await signInByEmail((url, init) => victim.request(url, init), base, victimAddress, "code")
      expect(response.headers.get("location")).toBe(landing)
      const owner = (await db.adapter.getUserByEmail!(victimAddress))!
      expect(owner.id).toBe(squatted.id)
      expect(await db.accountOwners("dev-oidc")).toEqual([])
      expect((await readSession(attacker)).body).toBeNull()
      const [removed] = app.events.of("unverifiedAttachmentsRemoved")
      expect(removed.user.id).toBe(owner.id)
      expect(removed.accounts.map((a: { provider: string; providerAccountId: string }) => [a.provider, a.providerAccountId])).toEqual([
        ["dev-oidc", "attacker"],
      ])
      expect(removed.authenticators).toEqual([])
      // Removed before the user was verified.
      const order = app.events.calls.map((call) => call.name)
      expect(order.indexOf("unverifiedAttachmentsRemoved")).toBeLessThan(order.lastIndexOf("updateUser"))

      // Signing in at the provider again does not get the attacker into the victim's user.
      const again = await signInThroughIdp(attacker, "dev-oidc", { username: "attacker" })
      expect(again.response.headers.get("location")).toBe(`${base}/signin?error=OAuthAccountNotLinked`)
      expect(await db.accountOwners("dev-oidc")).toEqual([])
      expect((await readSession(attacker)).body).toBeNull()
      expect((await readSession(victim)).body.user.id).toBe(owner.id)
    })

    it("jwt strategy: the squatter's token stops reading as the user once the owner proves the address, and links nothing to it", async () => {
      const app = databaseApp(db.adapter, idp.issuer, {
        session: { strategy: "jwt" },
        providers: [oidcProvider(idp.issuer), mailer()],
        // A jwt callback that rebuilds the token from scratch: the unverified mark must survive it.
        callbacks: { jwt: ({ token }) => ({ sub: token.sub, name: token.name, email: token.email }) },
      })
      const attacker = browserFor({ [appOrigin]: app })
      await signInThroughIdp(attacker, "dev-oidc", { username: "attacker" })
      const squatted = (await db.adapter.getUserByEmail!(victimAddress))!
      expect(squatted.emailVerified).toBeNull()
      expect((await updateSession(attacker, { theme: "dark" })).body.user.email).toBe(victimAddress) // re-issued through the callback

      const victim = browserFor({ [appOrigin]: app })
      await signInByEmail((url, init) => victim.request(url, init), base, victimAddress, "link")
      expect((await readSession(victim)).body.user.email).toBe(victimAddress)
      expect((await db.adapter.getUserByEmail!(victimAddress))!.id).toBe(squatted.id)

      // The attacker's cookie, minted while the address was unverified, names the user's id but is no longer a session.
      const squatterToken = sessionTokenOf(attacker)!
      expect((await readSession(attacker)).body).toBeNull()
      expect(sessionTokenOf(attacker)).toBeUndefined()
      // Nor does a kept copy of it make a new OAuth sign-in land on the victim: Mallory gets her own user.
      attacker.setCookie(appOrigin, sessionCookieName, squatterToken)
      forgetIdpSession(attacker, idp.issuer)
      await signInThroughIdp(attacker, "dev-oidc", { username: "mallory" })
      const mallory = (await db.adapter.getUserByEmail!("mallory@example.test"))!
      expect(mallory.id).not.toBe(squatted.id)
      expect(await db.accountOwners("dev-oidc")).toEqual([mallory.id])
      expect((await readSession(victim)).body.user.email).toBe(victimAddress)
    })

    it("an adapter without removeUserAttachments refuses the owner's sign-in into an unverified user with a clear error, writing nothing", async () => {
      const { removeUserAttachments: _left, ...authjsLike } = db.adapter as Required<typeof db.adapter>
      const app = databaseApp(authjsLike, idp.issuer, { providers: [oidcProvider(idp.issuer), mailer()] })
      const attacker = browserFor({ [appOrigin]: app })
      await signInThroughIdp(attacker, "dev-oidc", { username: "attacker" })
      const squatted = (await db.adapter.getUserByEmail!(victimAddress))!

      const victim = browserFor({ [appOrigin]: app })
      const response = await signInByEmail((url, init) => victim.request(url, init), base, victimAddress, "code")
      expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
      expect(loggedTypes(app)).toEqual(["MissingAdapterMethods"])
      expect(String(app.logger.errors[0]!.message)).toContain("removeUserAttachments(userId)")
      expect(sessionTokenOf(victim)).toBeUndefined()

      // Nothing written: the user is as it was, still unverified, the attacker's account and session still there.
      expect(await db.adapter.getUser!(squatted.id)).toEqual(squatted)
      expect(await db.accountOwners("dev-oidc")).toEqual([squatted.id])
      expect(await db.count("users")).toBe(1)
      expect(await db.count("sessions")).toBe(1)
      expect(app.events.calls.map((call) => call.name)).not.toContain("updateUser")
    })

    it("a database failing after the attachments were removed leaves the user with nothing attached, and a retry signs in", async () => {
      const app = databaseApp(db.adapter, idp.issuer, { providers: [oidcProvider(idp.issuer), mailer()] })
      await signInThroughIdp(browserFor({ [appOrigin]: app }), "dev-oidc", { username: "attacker" })
      const squatted = (await db.adapter.getUserByEmail!(victimAddress))!

      const victim = browserFor({ [appOrigin]: app })
      await db.failInserts("sessions")
      try {
        const failed = await signInByEmail((url, init) => victim.request(url, init), base, victimAddress, "code")
        expect(failed.headers.get("location")).toBe(`${base}/error?error=Configuration`)
        expect(loggedTypes(app)).toEqual(["AdapterError"])
      } finally {
        await db.stopFailingInserts("sessions")
      }
      expect(sessionTokenOf(victim)).toBeUndefined()
      expect((await db.adapter.getUser!(squatted.id))!.email).toBe(victimAddress)
      expect(await db.count("users")).toBe(1)
      expect(await db.count("accounts")).toBe(0)
      expect(await db.count("sessions")).toBe(0)

      await signInByEmail((url, init) => victim.request(url, init), base, victimAddress, "link")
      expect((await readSession(victim)).body.user.id).toBe(squatted.id)
      expect(await db.accountOwners("dev-oidc")).toEqual([])
    })

    it("an OpenID login with email_verified true is the owner's: the e-mail sign-in joins it and keeps the account", async () => {
      const app = databaseApp(db.adapter, idp.issuer, { providers: [oidcProvider(idp.issuer), mailer()] })
      await signInThroughIdp(browserFor({ [appOrigin]: app }), "dev-oidc", { username: "victim" })
      const user = (await db.adapter.getUserByEmail!(victimAddress))!
      const browser = browserFor({ [appOrigin]: app })
      await signInByEmail((url, init) => browser.request(url, init), base, victimAddress, "link")
      expect((await readSession(browser)).body.user.id).toBe(user.id)
      expect(await db.accountOwners("dev-oidc")).toEqual([user.id])
      expect(app.events.calls.map((call) => call.name)).not.toContain("unverifiedAttachmentsRemoved")
    })
  })
})
