/**
 * The user's own account (issue 33) through its endpoints, on SQLite and PostgreSQL, with database
 * and JWT sessions: the real handler, the real dev IdP (oidc-provider on loopback) for linking, real
 * adapters. Every changing endpoint is attacked: no CSRF token, a cross-site POST, a sign-in older
 * than `freshAge`, the last way in, another user's account or passkey.
 */
import { type AdapterDatabase, adapterDatabaseKinds, useAdapterDatabase } from "@gatehouse/test-kit/adapter-databases"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { pageForms } from "@gatehouse/test-kit/html-form"
import type { ReceivedMail } from "@gatehouse/test-kit/smtp-sink"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { useSuiteResource } from "@gatehouse/test-kit/use-suite-resource"
import { describe, expect, test } from "vitest"
import de from "../../packages/core/src/locales/de.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { SecondFactor, totpCodeAt } from "../../packages/core/src/second-factor/index.js"
import { getAccount } from "../../packages/core/src/server/index.js"
import { startDevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { basicClient } from "./oauth-app.js"
import {
  account,
  accountApp,
  accountPage,
  accountPost,
  base,
  csrfToken,
  linkIdp,
  origin,
  seedPasskey,
  seedPasswordUser,
  signInWithIdp,
  signInWithPassword,
} from "./support/account-app.js"

/** IdP users handed out one per use, so tests sharing a database never meet each other's accounts. */
const idpUsers = Array.from({ length: 120 }, (_, i) => ({
  sub: `account-idp-${i}`,
  name: `IdP User ${i}`,
  email: `account-idp-${i}@idp.example.test`,
  email_verified: true,
}))
let nextIdpUser = 0
const idpUser = () => idpUsers[nextIdpUser++]!.sub

const idp = useSuiteResource(
  () =>
    startDevIdentityProvider({
      clients: [{ ...basicClient, redirect_uris: [`${origin}/auth/callback/dev-oidc`] }],
      users: idpUsers,
    }),
  (started) => started.close(),
)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every row of every table, with its table's name. */
async function everyRow(database: AdapterDatabase): Promise<{ table: string; row: Record<string, unknown> }[]> {
  if (database.kind === "SQLite") {
    const tables = database.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]
    return tables.flatMap((table) =>
      (database.sqlite.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]).map((row) => ({ table, row })),
    )
  }
  const tables = await database.pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  )
  const rows: { table: string; row: Record<string, unknown> }[] = []
  for (const { table_name } of tables.rows) {
    const result = await database.pool.query(`SELECT * FROM "${table_name}"`)
    rows.push(...result.rows.map((row) => ({ table: table_name, row })))
  }
  return rows
}

/** The rows that are the user's: naming its id in a user column (or as a user row), or holding its address anywhere. */
async function rowsOf(database: AdapterDatabase, user: { id: string; email: string }): Promise<string[]> {
  const userColumn = /^(user_?id|owner_?key)$/i
  return (await everyRow(database))
    .filter(({ table, row }) =>
      Object.entries(row).some(
        ([column, value]) =>
          ((userColumn.test(column) || (table === "users" && column === "id")) && String(value) === String(user.id)) ||
          (typeof value === "string" && value.toLowerCase().includes(user.email.toLowerCase())),
      ),
    )
    .map(({ table, row }) => `${table} ${JSON.stringify(row)}`)
}

describe.each(adapterDatabaseKinds)("the account on %s", (kind) => {
  const database = useAdapterDatabase(kind, "account")

  describe.each(["database", "jwt"] as const)("with %s sessions", (strategy) => {
    const app = (options: { freshAge?: number; providers?: unknown[]; config?: Record<string, unknown> } = {}) =>
      accountApp({ adapter: database().adapter, strategy, issuer: idp().issuer, ...options })

    /** A password user, signed in now in a browser of its own. */
    async function passwordUser(testApp: ReturnType<typeof app>, label: string) {
      const email = uniqueAddress(label)
      const user = await seedPasswordUser(database().adapter, email, "a long enough passphrase")
      const browser = testApp.browser()
      await signInWithPassword(browser, email, "a long enough passphrase")
      return { user, email, browser }
    }

    test("GET /account: 401 signed out; signed in, the user and how they sign in, never a token or a provider's subject", async () => {
      const testApp = app()
      expect(await account(testApp.browser())).toEqual({ status: 401, body: { error: "not-signed-in" } })
      const anonymousPage = await testApp.browser().request(accountPage, { headers: { accept: "text/html" } })
      expect(anonymousPage.headers.get("location")).toBe(`${base}/signin?callbackUrl=${encodeURIComponent(accountPage)}`)

      const { user, email, browser } = await passwordUser(testApp, "show")
      const sub = idpUser()
      const beforeLink = Date.now()
      const linked = await linkIdp(browser, sub)
      expect(linked.headers.get("location")).toBe(accountPage)
      const { status, body } = await account(browser)
      expect(status).toBe(200)
      expect(body).toMatchObject({
        user: { id: user.id, email, name: "Ada", image: null },
        accounts: [{ provider: "dev-oidc", type: "oidc", linkedAt: expect.any(String) }],
        passkeys: [],
        password: true,
        emailSignIn: false,
        secondFactor: { available: false, totp: false, backupCodesLeft: 0 },
      })
      expect(body.accounts[0].handle).toMatch(/^[0-9a-f]{32}$/)
      // When the link happened, recorded by the adapter (SQLite migration 10, PostgreSQL migration 12), as ISO text.
      expect(Date.parse(body.accounts[0].linkedAt)).toBeGreaterThanOrEqual(beforeLink - 1000)
      expect(Date.parse(body.accounts[0].linkedAt)).toBeLessThanOrEqual(Date.now() + 1000)
      expect(body.accounts[0].linkedAt).toBe(new Date(body.accounts[0].linkedAt).toISOString())
      const stored = (await database().adapter.listAccountsByUserId!(user.id))[0]!
      const text = JSON.stringify(body)
      for (const secretValue of [stored.access_token, stored.id_token, stored.providerAccountId]) {
        expect(secretValue).toBeTruthy()
        expect(text).not.toContain(secretValue)
      }
      expect(testApp.events.filter((event) => event.name === "linkAccount")).toHaveLength(1)
    })

    test("getAccount (@gatehouse/core/server): the route's JSON from the request's headers; null signed out or with a forged cookie", async () => {
      const testApp = app({ providers: [Passkey()], config: { experimental: { enableWebAuthn: true } } })
      const { user, browser } = await passwordUser(testApp, "server-read")
      await linkIdp(browser, idpUser())
      await seedPasskey(database().adapter, user.id)
      const headers = { cookie: browser.cookieHeader(origin), host: "app.test", "x-forwarded-proto": "http" }
      const read = await getAccount({ config: testApp.config, headers })
      expect(read.value).toEqual((await account(browser)).body)
      expect(read.value?.accounts[0]?.linkedAt).toEqual(expect.any(String))
      expect(read.value?.passkeys[0]?.createdAt).toEqual(expect.any(String))
      expect(read.cookies).toEqual([])
      expect((await getAccount({ config: testApp.config, headers: { host: "app.test" } })).value).toBeNull()
      const forged = { ...headers, cookie: headers.cookie.replace(/(authjs\.session-token=)[^;]+/, "$1forged") }
      expect(forged.cookie).not.toBe(headers.cookie)
      expect((await getAccount({ config: testApp.config, headers: forged })).value).toBeNull()
      // Without Account() in the config there is nothing to read: a clear error, not a null that looks signed out.
      const { account: _off, ...withoutAccount } = testApp.config
      await expect(getAccount({ config: withoutAccount, headers })).rejects.toThrow(/getAccount needs `account: Account\(\)`/)
    })

    test("link: an IdP account another user has is refused, and both users stay as they were", async () => {
      const testApp = app()
      const sub = idpUser()
      const other = testApp.browser()
      await signInWithIdp(other, sub)
      const otherBefore = (await account(other)).body
      const { user, email, browser } = await passwordUser(testApp, "link-taken")
      const owner = otherBefore.user as { id: string; email: string }
      const rowsBefore = [await rowsOf(database(), { id: user.id, email }), await rowsOf(database(), owner)]

      const refused = await linkIdp(browser, sub)
      // Started from the account page, it lands back there with the code, not on the sign-in page.
      expect(refused.status).toBe(302)
      expect(refused.headers.get("location")).toBe(`${accountPage}?error=account-taken`)
      expect(testApp.logger.errors.some((error) => (error as { type?: string }).type === "OAuthAccountNotLinked")).toBe(true)
      // Every row of both users, exactly as it was.
      expect([await rowsOf(database(), { id: user.id, email }), await rowsOf(database(), owner)]).toEqual(rowsBefore)
      const page = await browser.request(refused.headers.get("location")!, { headers: { accept: "text/html" } })
      expect(page.status).toBe(200)
      expect(await page.text()).toContain("That account already belongs to another user here")
      // The same refusal in a sign-in not started from the account page still goes to the sign-in page.
      const elsewhere = await signInWithIdp(browser, sub)
      expect(elsewhere.headers.get("location")).toContain("/auth/signin?error=OAuthAccountNotLinked")
      expect(await database().adapter.listAccountsByUserId!(user.id)).toEqual([])
      expect((await account(browser)).body.user.id).toBe(user.id)
      expect((await account(other)).body).toEqual(otherBefore)
      expect(testApp.events.filter((event) => event.name === "linkAccount" && event.message.user.id === user.id)).toEqual([])
    })

    test("link needs a signed-in user and the CSRF token", async () => {
      const testApp = app()
      const anonymous = await testApp.browser().request(`${base}/account/link/dev-oidc`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ csrfToken: "whatever" }),
      })
      expect(anonymous.status).toBe(403)
      const { browser } = await passwordUser(testApp, "link-csrf")
      const noCsrf = await accountPost(browser, "/link/dev-oidc", {}, { csrf: false })
      expect(noCsrf.status).toBe(403)
      expect(noCsrf.headers.get("location")).toBeNull()
      const signedOut = testApp.browser()
      const notSignedIn = await accountPost(signedOut, "/link/dev-oidc")
      expect(notSignedIn.status).toBe(401)
    })

    test("unlink: refused without CSRF, cross-site and without a recent sign-in; then removed, with unlinkAccount", async () => {
      const testApp = app({ freshAge: 2 })
      const { user, browser } = await passwordUser(testApp, "unlink")
      await linkIdp(browser, idpUser())
      const linkedCount = async () => (await database().adapter.listAccountsByUserId!(user.id)).length
      expect(await linkedCount()).toBe(1)

      expect((await accountPost(browser, "/unlink", { provider: "dev-oidc" }, { csrf: false })).status).toBe(403)
      const crossSite = await accountPost(browser, "/unlink", { provider: "dev-oidc" }, { headers: { "sec-fetch-site": "cross-site" } })
      expect(crossSite.status).toBe(403)
      const foreignOrigin = await accountPost(browser, "/unlink", { provider: "dev-oidc" }, { headers: { origin: "http://evil.test" } })
      expect(foreignOrigin.status).toBe(403)
      expect(await linkedCount()).toBe(1)

      // The link was a sign-in: it is recent. Let it age past freshAge.
      await sleep(2100)
      const stale = await accountPost(browser, "/unlink", { provider: "dev-oidc" })
      expect(stale.status).toBe(401)
      expect(stale.headers.get("www-authenticate")).toContain('error="insufficient_user_authentication"')
      const stalePage = await accountPost(browser, "/unlink", { provider: "dev-oidc" }, { headers: { accept: "text/html" } })
      expect(stalePage.headers.get("location")).toContain(`${base}/reauthenticate?`)
      expect(await linkedCount()).toBe(1)

      await signInWithPassword(browser, user.email, "a long enough passphrase")
      expect((await accountPost(browser, "/unlink", { provider: "nowhere" })).status).toBe(404)
      const unlinked = await accountPost(browser, "/unlink", { provider: "dev-oidc" })
      expect(unlinked.status).toBe(200)
      expect(await linkedCount()).toBe(0)
      const events = testApp.events.filter((event) => event.name === "unlinkAccount")
      expect(events).toHaveLength(1)
      expect(events[0]!.message.account).toMatchObject({ provider: "dev-oidc", type: "oidc" })
      expect(JSON.stringify(events[0]!.message.account)).not.toContain("access_token")
    })

    test("unlink: the last way in is refused (409) and stays; with a password beside it, it goes", async () => {
      const testApp = app()
      const browser = testApp.browser()
      await signInWithIdp(browser, idpUser())
      const me = (await account(browser)).body.user
      const refused = await accountPost(browser, "/unlink", { provider: "dev-oidc" })
      expect(refused.status).toBe(409)
      expect(await refused.json()).toEqual({ error: "last-method" })
      expect(await database().adapter.listAccountsByUserId!(me.id)).toHaveLength(1)

      await database().adapter.setPasswordHash!(
        me.id,
        "$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
      )
      expect((await accountPost(browser, "/unlink", { provider: "dev-oidc" })).status).toBe(200)
      expect(await database().adapter.listAccountsByUserId!(me.id)).toEqual([])
    })

    test("two removals at once cannot leave the user without a way in: what went comes back, answered 409", async () => {
      const testApp = app({ providers: [Passkey()], config: { experimental: { enableWebAuthn: true } } })
      const browser = testApp.browser()
      await signInWithIdp(browser, idpUser())
      const me = (await account(browser)).body.user
      const passkey = await seedPasskey(database().adapter, me.id)
      // Two tabs at once: each sees two ways in, each removes one.
      const [unlinked, removed] = await Promise.all([
        accountPost(browser, "/unlink", { provider: "dev-oidc" }),
        accountPost(browser, "/passkeys/delete", { id: passkey }),
      ])
      expect([unlinked.status, removed.status]).toContain(409)
      const after = (await account(browser)).body
      expect(after.accounts.length + after.passkeys.length).toBeGreaterThanOrEqual(1)
      const stored = await database().adapter.listAccountsByUserId!(me.id)
      // Whatever is listed can sign in: a passkey left has its account, an IdP account left its tokens.
      if (after.passkeys.length) expect(stored.some((entry) => entry.type === "webauthn")).toBe(true)
      if (after.accounts.length) expect(stored.find((entry) => entry.type === "oidc")?.access_token).toBeTruthy()
    })

    test("two accounts at one provider: unlink needs the handle, and removes exactly that one", async () => {
      const testApp = app()
      const { user, browser } = await passwordUser(testApp, "two-accounts")
      await linkIdp(browser, idpUser())
      // A second account at the same provider: the IdP's session is for the first, so a new browser at the IdP.
      const second = idpUser()
      await database().adapter.linkAccount!({ userId: user.id, type: "oidc", provider: "dev-oidc", providerAccountId: second })
      const { accounts } = (await account(browser)).body
      expect(accounts).toHaveLength(2)
      expect((await accountPost(browser, "/unlink", { provider: "dev-oidc" })).status).toBe(400)
      const target = accounts[1].handle
      expect((await accountPost(browser, "/unlink", { provider: "dev-oidc", handle: target })).status).toBe(200)
      const left = (await account(browser)).body.accounts
      expect(left).toHaveLength(1)
      expect(left[0].handle).toBe(accounts[0].handle)
    })

    test("passkeys: listed by credential id; renamed; another user's is not found and stays; one goes with its account; the last way in stays (409)", async () => {
      const testApp = app({ providers: [Passkey()], config: { experimental: { enableWebAuthn: true } } })
      const browser = testApp.browser()
      await signInWithIdp(browser, idpUser())
      const me = (await account(browser)).body.user
      const first = await seedPasskey(database().adapter, me.id)
      const second = await seedPasskey(database().adapter, me.id)
      const stranger = await seedPasswordUser(database().adapter, uniqueAddress("stranger"), "a long enough passphrase")
      const theirs = await seedPasskey(database().adapter, stranger.id)

      const listed = (await account(browser)).body
      expect(listed.passkeys.map((passkey: { id: string }) => passkey.id).sort()).toEqual([first, second].sort())
      // Registered now (the adapter's record), never used to sign in yet.
      expect(listed.passkeys[0]).toEqual({ id: expect.any(String), name: null, createdAt: expect.any(String), lastUsedAt: null })
      expect(Math.abs(Date.parse(listed.passkeys[0].createdAt) - Date.now())).toBeLessThan(60_000)
      // A passkey sign-in counts through updateAuthenticatorCounter, which records the use.
      await database().adapter.updateAuthenticatorCounter!(first, 1)
      const used = (await account(browser)).body.passkeys.find((passkey: { id: string }) => passkey.id === first)
      expect(Math.abs(Date.parse(used.lastUsedAt) - Date.now())).toBeLessThan(60_000)
      const shown = await (await browser.request(accountPage, { headers: { accept: "text/html" } })).text()
      expect(shown).toContain(`<time datetime="${used.lastUsedAt}">`)
      expect(shown).toContain(`<time datetime="${used.createdAt}">`)
      expect(listed.accounts.map((entry: { provider: string }) => entry.provider)).toEqual(["dev-oidc"])

      expect((await accountPost(browser, "/passkeys/rename", { id: second, name: "  Work laptop  " })).status).toBe(200)
      const named = (await account(browser)).body.passkeys.find((passkey: { id: string }) => passkey.id === second)
      expect(named.name).toBe("Work laptop")
      expect((await accountPost(browser, "/passkeys/rename", { id: theirs, name: "Mine now" })).status).toBe(404)
      expect((await accountPost(browser, "/passkeys/rename", { id: second, name: "a\u0007b" })).status).toBe(400)
      expect((await accountPost(browser, "/passkeys/rename", { id: second, name: "x".repeat(65) })).status).toBe(400)
      expect((await accountPost(browser, "/passkeys/rename", { id: second, name: "No token" }, { csrf: false })).status).toBe(403)
      expect((await database().adapter.listAuthenticatorsByUserId!(stranger.id))[0]!.name ?? null).toBeNull()
      expect((await account(browser)).body.passkeys.find((passkey: { id: string }) => passkey.id === second).name).toBe("Work laptop")

      expect((await accountPost(browser, "/passkeys/delete", { id: theirs })).status).toBe(404)
      expect(await database().adapter.getAuthenticator!(theirs)).not.toBeNull()
      expect((await accountPost(browser, "/passkeys/delete", { id: first }, { csrf: false })).status).toBe(403)
      expect(await database().adapter.getAuthenticator!(first)).not.toBeNull()

      expect((await accountPost(browser, "/passkeys/delete", { id: first })).status).toBe(200)
      expect(await database().adapter.getAuthenticator!(first)).toBeNull()
      expect(await database().adapter.getAccount!(first, "passkey")).toBeNull()
      const unlinked = testApp.events.filter((event) => event.name === "unlinkAccount")
      expect(unlinked.map((event) => event.message.account)).toEqual([{ provider: "passkey", providerAccountId: first, type: "webauthn" }])

      expect((await accountPost(browser, "/unlink", { provider: "dev-oidc" })).status).toBe(200)
      const last = await accountPost(browser, "/passkeys/delete", { id: second })
      expect(last.status).toBe(409)
      expect(await last.json()).toEqual({ error: "last-method" })
      expect(await database().adapter.getAuthenticator!(second)).not.toBeNull()
    })

    test("the built-in page: its forms unlink (status shown), refuse the last way in (alert shown), and speak the visitor's language", async () => {
      const testApp = app({ config: { pages: { locales: [de] } } })
      const { browser } = await passwordUser(testApp, "page")
      await linkIdp(browser, idpUser())
      const page = async (query = "", language = "en") => {
        const response = await browser.request(`${accountPage}${query}`, { headers: { accept: "text/html", "accept-language": language } })
        expect(response.status).toBe(200)
        expect(response.headers.get("content-type")).toContain("text/html")
        return response.text()
      }
      const text = await page()
      expect(text).toContain("<h1>Your account</h1>")
      expect(text).toContain("You can sign in with your password.")
      const forms = pageForms(text)
      const unlinkForm = forms.find((form) => form.action === `${base}/account/unlink`)!
      expect(unlinkForm.fields).toMatchObject({ provider: "dev-oidc", handle: expect.stringMatching(/^[0-9a-f]{32}$/) })
      expect(forms.map((form) => form.action)).toEqual(
        expect.arrayContaining([
          `${base}/account/link/dev-oidc`,
          `${base}/account/email`,
          `${base}/account/email/confirm`,
          `${base}/account/delete`,
        ]),
      )
      for (const form of forms) expect(form.fields.csrfToken).toBeTruthy()

      const unlinked = await browser.request(unlinkForm.action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        body: new URLSearchParams(unlinkForm.fields),
      })
      expect(unlinked.headers.get("location")).toBe(`${accountPage}?done=unlinked`)
      expect(await page("?done=unlinked")).toContain('<p role="status">The account was unlinked.</p>')
      expect(await page("?error=last-method", "de")).toContain(
        '<div class="error" role="alert">Das ist Ihre letzte Anmeldemöglichkeit: Fügen Sie zuerst eine weitere hinzu.</div>',
      )
      // A made-up code shows the generic message, never the text it carries.
      const made = await page("?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
      expect(made).toContain("That did not work. Please try again.")
      expect(made).not.toContain("<script>alert")
    })

    test("delete: refused without CSRF, cross-site and without a recent sign-in; then no row of the user in any table, signed out, deleteUser", async () => {
      const testApp = app({ freshAge: 2 })
      const { user, email, browser } = await passwordUser(testApp, "delete")
      await linkIdp(browser, idpUser())
      const other = testApp.browser()
      await signInWithPassword(other, email, "a long enough passphrase")
      // A second-factor record is keyed by the user's id, not a foreign key: it must go too.
      await database().adapter.setSecondFactor!({ ownerKey: user.id, totpSecret: "sealed-secret", backupCodeHashes: ["a".repeat(64)] })
      expect((await rowsOf(database(), { id: user.id, email })).length).toBeGreaterThan(3)

      expect((await accountPost(browser, "/delete", {}, { csrf: false })).status).toBe(403)
      expect((await accountPost(browser, "/delete", {}, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403)
      await sleep(2100)
      expect((await accountPost(browser, "/delete")).status).toBe(401)
      expect(await database().adapter.getUser!(user.id)).not.toBeNull()

      await signInWithPassword(browser, email, "a long enough passphrase")
      const deleted = await accountPost(browser, "/delete")
      expect(deleted.status).toBe(200)
      expect(await deleted.json()).toEqual({ deleted: true })
      expect(deleted.headers.getSetCookie().some((cookie) => /session-token=;.*max-age=0/i.test(cookie))).toBe(true)
      expect(await rowsOf(database(), { id: user.id, email })).toEqual([])
      expect(await account(browser)).toEqual({ status: 401, body: { error: "not-signed-in" } })
      expect(await account(other)).toEqual({ status: 401, body: { error: "not-signed-in" } })
      expect(((await (await other.request(`${base}/session`)).json()) as any)?.user).toBeUndefined()
      const events = testApp.events.filter((event) => event.name === "deleteUser")
      expect(events.map((event) => event.message.user.id)).toEqual([user.id])
    })

    test("every account POST: refused with a JSON body but no token, from another site's Origin, and (passkey delete) without a recent sign-in", async () => {
      const testApp = app({ freshAge: 2, providers: [Passkey()], config: { experimental: { enableWebAuthn: true } } })
      const { user, browser } = await passwordUser(testApp, "every-post")
      const passkey = await seedPasskey(database().adapter, user.id)
      const posts: [string, Record<string, string>][] = [
        ["/unlink", { provider: "passkey" }],
        ["/passkeys/delete", { id: passkey }],
        ["/passkeys/rename", { id: passkey, name: "Renamed" }],
        ["/email", { email: uniqueAddress("every-post-new") }],
        ["/email/confirm", { token: "x" }],
        ["/link/dev-oidc", {}],
        ["/delete", {}],
      ]
      for (const [path, fields] of posts) {
        const json = await browser.request(`${accountPage}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(fields),
        })
        expect([path, json.status]).toEqual([path, 403])
        const crossSite = await accountPost(browser, path, fields, { headers: { origin: "https://evil.example" } })
        expect([path, crossSite.status]).toEqual([path, 403])
      }
      await sleep(2100)
      expect((await accountPost(browser, "/passkeys/delete", { id: passkey })).status).toBe(401)
      expect((await account(browser)).body.passkeys.map((listed: { id: string }) => listed.id)).toEqual([passkey])
    })

    test("every account answer, signed in or out, JSON, page or redirect, is private, never stored, and varies on the cookie", async () => {
      const testApp = app({ freshAge: 2 })
      const { browser } = await passwordUser(testApp, "cached")
      const stranger = testApp.browser()
      const html = { headers: { accept: "text/html" } }
      const answers: [string, Response][] = [
        ["JSON signed in", await browser.request(accountPage, { headers: { accept: "application/json" } })],
        ["JSON signed out", await stranger.request(accountPage, { headers: { accept: "application/json" } })],
        ["page signed in", await browser.request(accountPage, html)],
        ["page signed out", await stranger.request(accountPage, html)],
        ["confirm link, bad token", await browser.request(`${accountPage}/email/confirm?token=nonsense`, html)],
        ["confirm link, signed out", await stranger.request(`${accountPage}/email/confirm?token=${btoa("a@b.test")}`, html)],
        ["POST JSON", await accountPost(browser, "/passkeys/rename", { id: "none", name: "x" })],
        ["POST signed out", await accountPost(stranger, "/delete")],
        ["POST without CSRF", await accountPost(browser, "/delete", {}, { csrf: false })],
      ]
      const form = async (b: typeof browser) => ({
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        body: new URLSearchParams({ csrfToken: await csrfToken(b), provider: "dev-oidc" }),
      })
      answers.push(["form POST", await browser.request(`${accountPage}/unlink`, await form(browser))])
      answers.push(["form POST signed out", await stranger.request(`${accountPage}/unlink`, await form(stranger))])
      await sleep(2100)
      answers.push(["step-up refusal, JSON", await accountPost(browser, "/delete")])
      answers.push(["step-up refusal, page", await browser.request(`${accountPage}/delete`, await form(browser))])
      const headersOf = answers.map(([what, response]) => [what, response.headers.get("cache-control"), response.headers.get("vary")])
      expect(headersOf.filter(([, cache, vary]) => !/\bno-store\b/.test(cache ?? "") || !/\bCookie\b/.test(vary ?? ""))).toEqual([])
    })

    test("a sign-in still waiting for its second factor, or a step-up begun and not finished, reaches no account endpoint", async () => {
      const testApp = app({ freshAge: 2, config: { secondFactor: SecondFactor({ issuer: "Gatehouse test" }) } })
      const { user, email, browser } = await passwordUser(testApp, "pending")
      // accountPost one level up: the second-factor endpoints beside the account ones.
      const enrolled = await accountPost(browser, "/../second-factor/totp/enroll")
      const { secret } = (await enrolled.json()) as { secret: string }
      expect((await accountPost(browser, "/../second-factor/totp/confirm", { code: await totpCodeAt(secret) })).status).toBe(200)

      // The password alone: the pending sign-in cookie, no session; every account endpoint says "signed out".
      const attacker = testApp.browser()
      const first = await attacker.request(`${base}/callback/password`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          csrfToken: await csrfToken(attacker),
          email,
          password: "a long enough passphrase",
          callbackUrl: origin,
        }),
      })
      expect(first.headers.get("location")).toBe(`${base}/second-factor`)
      expect(await account(attacker)).toEqual({ status: 401, body: { error: "not-signed-in" } })
      for (const [path, fields] of [
        ["/delete", {}],
        ["/email", { email: uniqueAddress("pending-new") }],
        ["/unlink", { provider: "dev-oidc" }],
        ["/passkeys/rename", { id: "x", name: "y" }],
      ] as const) {
        expect((await accountPost(attacker, path, fields)).status).toBe(401)
      }
      expect(await database().adapter.getUser!(user.id)).toMatchObject({ email })

      // The owner's own session, once too old: opening the re-authentication page starts a step-up, which proves nothing yet.
      await sleep(2100)
      const started = await browser.request(`${base}/reauthenticate?${new URLSearchParams({ callbackUrl: accountPage, maxAge: "2" })}`)
      expect(started.status).toBeLessThan(400)
      const refused = await accountPost(browser, "/delete")
      expect(refused.status).toBe(401)
      expect(await refused.json()).toMatchObject({ error: "insufficient_user_authentication" })
      expect(await database().adapter.getUser!(user.id)).toMatchObject({ email })
    })
  })
})

describe.each(adapterDatabaseKinds)("changing the address on %s, through real mail", (kind) => {
  const database = useAdapterDatabase(kind, "account_email")
  const sink = useSmtpSink()

  /**
   * The first mail to `address` not taken yet (mails to other addresses, left over by other tests, are
   * passed over, and stay for their own turn: a request's two mails are sent at once, in no fixed order).
   */
  const taken = new Set<ReceivedMail>()
  async function mailFor(address: string) {
    const deadline = Date.now() + 5000
    for (;;) {
      const received = sink().received.find((mail) => !taken.has(mail) && mail.envelope.to.includes(address))
      if (received) {
        taken.add(received)
        return received
      }
      if (Date.now() > deadline) throw new Error(`No mail to ${address} arrived`)
      await sleep(20)
    }
  }
  const linkOf = (text: string) =>
    new URL(
      text
        .split("\n")
        .find((line) => line.includes("/account/email/confirm?"))!
        .trim(),
    )
  const codeOf = (text: string) => /this code: ([A-Z0-9-]+)/.exec(text)![1]!

  describe.each(["database", "jwt"] as const)("with %s sessions", (strategy) => {
    const app = (freshAge = 600) => accountApp({ adapter: database().adapter, strategy, issuer: idp().issuer, sink: sink(), freshAge })

    async function passwordUser(testApp: ReturnType<typeof app>, label: string) {
      const email = uniqueAddress(label)
      const user = await seedPasswordUser(database().adapter, email, "a long enough passphrase")
      const browser = testApp.browser()
      await signInWithPassword(browser, email, "a long enough passphrase")
      return { user, email, browser }
    }

    test("a link to the new address and a notice to the old; the address changes only through the link, once; updateUser", async () => {
      const testApp = app()
      const { user, email, browser } = await passwordUser(testApp, "old")
      const newAddress = uniqueAddress("new")
      const asked = await accountPost(browser, "/email", { email: newAddress })
      expect(asked.status).toBe(200)
      expect(await asked.json()).toEqual({ sent: true })
      const change = await mailFor(newAddress)
      expect(change.mail.subject).toBe("Confirm your new address for app.test")
      const notice = await mailFor(email)
      expect(notice.mail.subject).toBe("An address change was asked for at app.test")
      expect(notice.mail.text).toContain(newAddress)
      expect(notice.mail.text).not.toContain("/account/email/confirm")
      expect((await account(browser)).body.user.email).toBe(email)

      // The link proves the address for the user who asked only: another signed-in user gets nothing from it.
      const token = linkOf(change.mail.text!).searchParams.get("token")!
      const intruder = await passwordUser(testApp, "intruder")
      expect((await accountPost(intruder.browser, "/email/confirm", { token })).status).toBe(400)
      expect((await account(intruder.browser)).body.user.email).toBe(intruder.email)

      const confirmed = await accountPost(browser, "/email/confirm", { token })
      expect(confirmed.status).toBe(200)
      expect(await confirmed.json()).toEqual({ email: newAddress })
      const after = (await account(browser)).body.user
      expect(after.email).toBe(newAddress)
      expect(Date.parse(after.emailVerified)).toBeGreaterThan(Date.now() - 60_000)
      expect(testApp.events.filter((event) => event.name === "updateUser").map((event) => event.message.user.email)).toEqual([newAddress])
      expect((await accountPost(browser, "/email/confirm", { token })).status).toBe(400)
      // This browser's session says the new address at once, whichever the strategy.
      const session = (await (await browser.request(`${base}/session`)).json()) as { user: { email: string } }
      expect(session.user.email).toBe(newAddress)
      expect(await database().adapter.getUserByEmail!(email)).toBeNull()
      expect((await database().adapter.getUserByEmail!(newAddress))?.id).toBe(user.id)
    })

    test("once the address changed, another browser's session never goes on saying the old address", async () => {
      const testApp = app()
      const { email, browser } = await passwordUser(testApp, "two-browsers")
      const other = testApp.browser()
      await signInWithPassword(other, email, "a long enough passphrase")
      const newAddress = uniqueAddress("two-browsers-new")
      await accountPost(browser, "/email", { email: newAddress })
      const token = linkOf((await mailFor(newAddress)).mail.text!).searchParams.get("token")!
      expect((await accountPost(browser, "/email/confirm", { token })).status).toBe(200)
      // A database session reads the user afresh; a JWT one (its copy of the address sealed in) is ended.
      const seen = ((await (await other.request(`${base}/session`)).json()) as { user?: { email?: string } } | null)?.user?.email
      expect(seen === undefined || seen === newAddress).toBe(true)
      expect(((await (await browser.request(`${base}/session`)).json()) as { user: { email: string } }).user.email).toBe(newAddress)
    })

    test("the mail's link opens a page (opening it changes nothing) whose button confirms", async () => {
      const testApp = app()
      const { email, browser } = await passwordUser(testApp, "by-page")
      const newAddress = uniqueAddress("paged")
      await accountPost(browser, "/email", { email: newAddress })
      const link = linkOf((await mailFor(newAddress)).mail.text!)
      const opened = await browser.request(link, { headers: { accept: "text/html" } })
      expect(opened.status).toBe(200)
      expect((await account(browser)).body.user.email).toBe(email)
      const [form] = pageForms(await opened.text())
      expect(form!.action).toBe(`${base}/account/email/confirm`)
      const confirmed = await browser.request(form!.action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        body: new URLSearchParams(form!.fields),
      })
      expect(confirmed.headers.get("location")).toBe(`${accountPage}?done=email-changed`)
      expect((await account(browser)).body.user.email).toBe(newAddress)
      // Signed out, the link leads to the sign-in page and back; it changes nothing on its own.
      const signedOut = await testApp.browser().request(link, { headers: { accept: "text/html" } })
      expect(signedOut.headers.get("location")).toContain(`${base}/signin?callbackUrl=`)
    })

    test("an address another user has: the same answer, no mail to it, nobody changed", async () => {
      const testApp = app()
      const { email, browser } = await passwordUser(testApp, "asker")
      const owner = await passwordUser(testApp, "owner")
      const free = await accountPost(browser, "/email", { email: uniqueAddress("free") })
      const taken = await accountPost(browser, "/email", { email: owner.email })
      expect(taken.status).toBe(free.status)
      expect(await taken.text()).toBe(await free.text())
      const noticeToAsker = [await mailFor(email), await mailFor(email)]
      expect(noticeToAsker.map((received) => received.mail.subject)).toEqual([
        "An address change was asked for at app.test",
        "An address change was asked for at app.test",
      ])
      await sleep(300)
      expect(sink().received.filter((received) => received.envelope.to.includes(owner.email))).toEqual([])
      expect((await account(browser)).body.user.email).toBe(email)
      expect((await account(owner.browser)).body.user.email).toBe(owner.email)
    })

    test("an address another user has: answered in the same time as a free one, however slow the mail server", async () => {
      const testApp = app()
      const { browser } = await passwordUser(testApp, "timed")
      const owner = await passwordUser(testApp, "timed-owner")
      const timed = async (email: string) => {
        const started = performance.now()
        expect((await accountPost(browser, "/email", { email })).status).toBe(200)
        return performance.now() - started
      }
      // A distant mail server: each mail takes 800 ms to hand over, so sending one more mail shows.
      sink().delayDelivery(800)
      try {
        await timed(uniqueAddress("warm"))
        // Interleaved pairs, compared by their medians: one stall of a loaded machine is not a leak, while
        // the leak this guards against (one more 800 ms mail for a free address) shows in every pair.
        const free: number[] = []
        const taken: number[] = []
        for (let pair = 0; pair < 3; pair++) {
          free.push(await timed(uniqueAddress(`timed-free-${pair}`)))
          taken.push(await timed(owner.email))
        }
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]
        expect(Math.abs(median(free) - median(taken))).toBeLessThan(400)
      } finally {
        sink().delayDelivery(0)
      }
    })

    test("by code: a wrong code is refused, the right one changes the address; the mail's link is dead afterwards", async () => {
      const testApp = app()
      const { browser } = await passwordUser(testApp, "by-code")
      const newAddress = uniqueAddress("coded")
      await accountPost(browser, "/email", { email: newAddress })
      const change = await mailFor(newAddress)
      const code = codeOf(change.mail.text!)
      const wrong = code.startsWith("A") ? `B${code.slice(1)}` : `A${code.slice(1)}`
      expect((await accountPost(browser, "/email/confirm", { email: newAddress, code: wrong })).status).toBe(400)
      expect((await accountPost(browser, "/email/confirm", { email: newAddress, code })).status).toBe(200)
      expect((await account(browser)).body.user.email).toBe(newAddress)
      const token = linkOf(change.mail.text!).searchParams.get("token")!
      expect((await accountPost(browser, "/email/confirm", { token })).status).toBe(400)
    })

    test("with rateLimit, an address gets at most its per-account budget of change mails, whoever asks", async () => {
      const testApp = accountApp({
        adapter: database().adapter,
        strategy,
        issuer: idp().issuer,
        sink: sink(),
        config: { rateLimit: { perIp: false, perAccount: { limit: 2, window: 60 } } },
      })
      const first = await passwordUser(testApp, "flood-a")
      const second = await passwordUser(testApp, "flood-b")
      const target = uniqueAddress("flooded")
      expect((await accountPost(first.browser, "/email", { email: target })).status).toBe(200)
      expect((await accountPost(second.browser, "/email", { email: target.toUpperCase() })).status).toBe(200)
      const refused = await accountPost(first.browser, "/email", { email: target })
      expect(refused.status).toBe(429)
      await mailFor(target)
      await mailFor(target)
      await sleep(300)
      expect(sink().received.filter((received) => received.envelope.to.includes(target))).toHaveLength(2)
    })

    test("asking needs the CSRF token, a same-site POST and a recent sign-in; nothing is mailed otherwise", async () => {
      const testApp = app(2)
      const { browser } = await passwordUser(testApp, "guarded")
      const target = uniqueAddress("guarded-new")
      expect((await accountPost(browser, "/email", { email: target }, { csrf: false })).status).toBe(403)
      expect((await accountPost(browser, "/email", { email: target }, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403)
      await sleep(2100)
      expect((await accountPost(browser, "/email", { email: target })).status).toBe(401)
      await sleep(300)
      expect(sink().received.filter((received) => received.envelope.to.includes(target))).toEqual([])
    })
  })
})

describe("the account option", () => {
  const database = useAdapterDatabase("SQLite", "account_off")

  test("without account: Account() the endpoints do not exist (the error page), and nothing is deleted", async () => {
    const testApp = accountApp({ adapter: database().adapter, strategy: "database", issuer: idp().issuer, config: { account: undefined } })
    const email = uniqueAddress("off")
    const user = await seedPasswordUser(database().adapter, email, "a long enough passphrase")
    const browser = testApp.browser()
    await signInWithPassword(browser, email, "a long enough passphrase")
    // As any action the config did not turn on (secondFactor's): the error page, never the account.
    const shown = await browser.request(accountPage, { headers: { accept: "application/json" } })
    expect(shown.status).toBe(302)
    expect(shown.headers.get("location")).toContain(`${base}/error?error=`)
    const deleted = await accountPost(browser, "/delete")
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get("location")).toContain(`${base}/error?error=`)
    expect(await database().adapter.getUser!(user.id)).not.toBeNull()
  })

  test("a hand-made account option is a configuration error", async () => {
    const testApp = accountApp({
      adapter: database().adapter,
      strategy: "database",
      issuer: idp().issuer,
      config: { account: {} as never },
    })
    expect((await account(testApp.browser())).status).toBe(500)
    expect(testApp.logger.errors.map((error) => error.message).join("\n")).toContain("account must be made by Account()")
  })
})

describe("an adapter without the account methods (an Auth.js adapter)", () => {
  const database = useAdapterDatabase("SQLite", "account_foreign")

  test("the config is refused: every request answers the configuration error (500) and the log names what the adapter lacks", async () => {
    const { listAccountsByUserId: _left, ...withoutListing } = database().adapter as Record<string, unknown>
    const testApp = accountApp({ adapter: withoutListing as never, strategy: "database", issuer: idp().issuer })
    const shown = await account(testApp.browser())
    expect(shown.status).toBe(500)
    expect(JSON.stringify(shown.body)).not.toContain("listAccountsByUserId")
    expect((await accountPost(testApp.browser(), "/delete")).status).toBe(500)
    const logged = testApp.logger.errors.map((error) => error.message)
    expect(
      logged.some((message) => message.includes("account needs these adapter methods") && message.includes("listAccountsByUserId")),
    ).toBe(true)
  })
})
