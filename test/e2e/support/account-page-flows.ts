/**
 * The user's own account (issue 33) as an example app's "Account" page offers it, in Chromium, with a
 * real SMTP server and the real dev OpenID provider. The Next.js, SvelteKit and Qwik examples run it
 * (test/e2e/{next,sveltekit,qwik}-account.test.ts); each says how its own pages are reached (an
 * `AccountExampleUnderTest`), the flows are the same:
 * - password sign-up (verification mail) → the Account page shows the user → "Link Dev IdP" goes through
 *   the provider and back, the account listed → signed out, signing in with the Dev IdP lands on the same
 *   user → unlinking it works;
 * - on a second server of the same build with the Dev IdP as the only way in (no e-mail provider, no
 *   password), unlinking it is refused as the last way to sign in, and it stays;
 * - the address change: a link to the new address (and a notice to the old one); nothing changes until
 *   the link's page is confirmed, then the page shows the new address;
 * - deletion once the sign-in is older than session.freshAge: the built-in re-authentication first, then
 *   the account is gone: no session, GET {basePath}/account 401, the password refused.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type DevIdentityProvider, startDevIdentityProvider } from "@gatehouse/dev-idp"
import type { ReceivedMail } from "@gatehouse/test-kit/smtp-sink"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import type { Browser, BrowserContext, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "./free-port.js"
import { launchChromium } from "./launch-chromium.js"
import { mailLink } from "./password-app.js"
import { type RunningServer, spawnServer } from "./spawn-server.js"

/** What the flows need to know of one example app. */
export interface AccountExampleUnderTest {
  /** How the suite is named. */
  name: string
  /** Where the auth routes are: "/api/auth" (Next) or "/auth". */
  basePath: string
  /** The Account page's path. */
  accountPath: string
  /** Builds the example for production. */
  build(): Promise<void>
  /** Starts the built example on 127.0.0.1:`port` with `env` (NODE_ENV=production). */
  start(env: Record<string, string>, port: number): Promise<RunningServer>
  /** One of the example's own elements (the Account page's parts). */
  part(page: Page, name: AccountPart): Locator
  /** Opens the example's sign-in page, set to go to `accountPath` afterwards. */
  openSignIn(page: Page, origin: string): Promise<void>
  /** Fills and submits the example's e-mail and password form on the page the browser is on. */
  submitPasswordForm(page: Page, email: string, password: string): Promise<void>
  /** Waits until the example's sign-in page shows a refused password sign-in. */
  expectRefused(page: Page): Promise<void>
  /** Signs the browser out with the example's own sign-out control. */
  signOut(page: Page, origin: string): Promise<void>
  /** True for the example's sign-in page as re-authentication opens it (to come back to the Account page). */
  isReauthentication(url: URL): boolean
}

/** The Account page's elements the flows use. */
export type AccountPart =
  | "account-email"
  | "account-methods"
  | "account-notice"
  | "account-problem"
  | "link-dev-idp"
  | "linked-at-dev-idp"
  | "unlink-dev-idp"
  | "new-email"
  | "change-email"
  | "delete-understood"
  | "delete-account"

/** Starts a built Node server (`node <args>` in `cwd`) the way SvelteKit's adapter-node and Qwik's node server listen. */
export function startNodeServer(label: string, cwd: string, args: string[]) {
  return (env: Record<string, string>, port: number): Promise<RunningServer> => {
    const origin = `http://127.0.0.1:${port}`
    return spawnServer({
      command: process.execPath,
      args,
      cwd,
      // The site's public origin: SvelteKit and Qwik refuse form posts whose Origin is another.
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: String(port), ORIGIN: origin, ...env },
      probeUrl: `${origin}/auth/providers`,
      origin,
      label,
    })
  }
}

/** How recent a sign-in unlinking, the address change and deletion need (seconds): short, so a test can outwait it. */
const freshAge = 20
const flowTimeout = 120_000
const devUser = "dev@example.test"

export function accountPageFlows(example: AccountExampleUnderTest): void {
  const smtp = useSmtpSink()
  let browser: Browser
  let scratch: string
  let idp: DevIdentityProvider
  /** Every way in: the password, e-mail links, the Dev IdP. */
  let app: RunningServer
  /** The Dev IdP only: no e-mail provider, so no password either. */
  let idpOnly: RunningServer
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "gatehouse-account-page-"))
    const [, launched, port, idpOnlyPort] = await Promise.all([example.build(), launchChromium(), freePort(), freePort()])
    browser = launched
    const client = { id: "account-example", secret: randomBytes(24).toString("base64url") }
    idp = await startDevIdentityProvider({
      clients: [
        {
          client_id: client.id,
          client_secret: client.secret,
          redirect_uris: [port, idpOnlyPort].map((p) => `http://127.0.0.1:${p}${example.basePath}/callback/dev-idp`),
        },
      ],
    })
    const env = {
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_TRUST_HOST: "true",
      AUTH_SESSION_STRATEGY: "jwt",
      SESSION_REVOCATION_CHECK_INTERVAL: "1",
      SESSION_FRESH_AGE: String(freshAge),
      AUTH_DEV_IDP_ISSUER: idp.issuer,
      AUTH_DEV_IDP_ID: client.id,
      AUTH_DEV_IDP_SECRET: client.secret,
    }
    ;[app, idpOnly] = await Promise.all([
      example.start(
        { ...env, DATABASE_PATH: join(scratch, "account.db"), EMAIL_SERVER: `smtp://127.0.0.1:${smtp().port}?ignoreTLS=true` },
        port,
      ),
      example.start({ ...env, DATABASE_PATH: join(scratch, "idp-only.db") }, idpOnlyPort),
    ])
  }, 300_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await app?.stop()
    await idpOnly?.stop()
    await idp?.close()
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  async function newPage(): Promise<Page> {
    const context = await browser.newContext()
    contexts.push(context)
    return context.newPage()
  }

  const onAccountPage = (server: RunningServer) => (url: URL) => url.origin === server.origin && url.pathname === example.accountPath

  /** The e-mail address the Account page shows. */
  async function shownEmail(page: Page, server = app): Promise<string | null> {
    await page.goto(`${server.origin}${example.accountPath}`)
    return example.part(page, "account-email").textContent()
  }

  /** The ways in the Account page lists ("password", "email", "dev-idp"…). */
  async function shownMethods(page: Page): Promise<string[]> {
    return example
      .part(page, "account-methods")
      .locator("li")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-method") ?? ""))
  }

  /** GET {basePath}/session with the browser's cookies: what its next request gets. */
  async function sessionEmail(page: Page, server = app): Promise<string | null> {
    const response = await page.request.get(`${server.origin}${example.basePath}/session`)
    expect(response.status()).toBe(200)
    const session = (await response.json()) as { user?: { email?: string } } | null
    return session?.user?.email ?? null
  }

  /** The next `count` mails, by recipient. */
  async function mails(count: number): Promise<Map<string, ReceivedMail>> {
    const byRecipient = new Map<string, ReceivedMail>()
    for (let i = 0; i < count; i++) {
      const received = await smtp().nextMail()
      expect(received.envelope.to).toHaveLength(1)
      byRecipient.set(received.envelope.to[0]!, received)
    }
    return byRecipient
  }

  /** The address change's link in its mail. */
  function confirmLink(received: ReceivedMail): URL {
    const line = (received.mail.text ?? "").split("\n").find((l) => /\/account\/email\/confirm\?token=/.test(l))
    if (!line) throw new Error(`No confirmation link in the mail:\n${received.mail.text}`)
    return new URL(line.trim().slice(line.trim().indexOf("http")))
  }

  /** Through the Dev IdP's login page (when its own session does not skip it) and back to the Account page. */
  async function throughDevIdp(page: Page, server: RunningServer) {
    const idpOrigin = new URL(idp.issuer).origin
    const back = onAccountPage(server)
    await page.waitForURL((url) => url.origin === idpOrigin || back(url))
    if (new URL(page.url()).origin === idpOrigin) {
      await page.fill("#username", devUser)
      await Promise.all([page.waitForURL(back), page.click("#sign-in")])
    }
  }

  async function signInWithDevIdp(page: Page, server: RunningServer) {
    await example.openSignIn(page, server.origin)
    await page.getByRole("button", { name: "Sign in with Dev IdP" }).click()
    await throughDevIdp(page, server)
  }

  async function signInWithPassword(page: Page, email: string, password: string) {
    await example.openSignIn(page, app.origin)
    await example.submitPasswordForm(page, email, password)
    await page.waitForURL(onAccountPage(app))
  }

  describe(`${example.name}: the Account page, in Chromium`, () => {
    const email = uniqueAddress("account-page")
    const newEmail = uniqueAddress("account-page-new")
    const password = "copper meadow lantern 58"

    it(
      "password sign-up → links the Dev IdP from the Account page → signed out, the Dev IdP signs the same user in → unlinks it",
      async () => {
        const page = await newPage()
        await page.goto(`${app.origin}${example.basePath}/password/signup`)
        await page.fill('input[name="email"]', email)
        await page.fill('input[name="password"]', password)
        await page.click('button[type="submit"]')
        await page.waitForURL((url) => url.pathname === `${example.basePath}/password/verify`)
        const verification = await smtp().nextMail()
        expect(verification.envelope.to).toEqual([email])
        await page.goto(mailLink(verification).href)
        await page.click('button[type="submit"]')
        await page.waitForURL((url) => url.origin === app.origin && !url.pathname.startsWith(example.basePath))
        expect(await sessionEmail(page)).toBe(email)

        expect(await shownEmail(page)).toBe(email)
        expect(await shownMethods(page)).toEqual(["password", "email"])
        await example.part(page, "link-dev-idp").click()
        await throughDevIdp(page, app)
        expect(await shownMethods(page)).toEqual(["password", "email", "dev-idp"])
        // When it was linked, read on the server through the integration's account helper: today (UTC).
        const linkedAt = example.part(page, "linked-at-dev-idp").locator("time")
        await expect(linkedAt.getAttribute("datetime")).resolves.toMatch(/^\d{4}-\d\d-\d\dT/)
        await expect(linkedAt.textContent()).resolves.toBe(new Date().toISOString().slice(0, 10))
        // Linked to the signed-in user: the session is still theirs (the IdP's own address made no second user: see below).
        expect(await sessionEmail(page)).toBe(email)

        await example.signOut(page, app.origin)
        expect(await sessionEmail(page)).toBeNull()
        const other = await newPage()
        await signInWithDevIdp(other, app)
        expect(await sessionEmail(other)).toBe(email)
        expect(await shownEmail(other)).toBe(email)

        // Just signed in: recent enough to unlink.
        await example.part(other, "unlink-dev-idp").click()
        await other.waitForURL((url) => onAccountPage(app)(url) && url.searchParams.get("done") === "unlinked")
        await expect(example.part(other, "account-notice").textContent()).resolves.toContain("unlinked")
        expect(await shownMethods(other)).toEqual(["password", "email"])
      },
      flowTimeout,
    )

    it(
      "a link refused because the Dev IdP account is another user's comes back to the Account page, both users unchanged",
      async () => {
        // The Dev IdP account is free again (unlinked above): signing in with it makes a user of its own.
        const owner = await newPage()
        await signInWithDevIdp(owner, app)
        expect(await sessionEmail(owner)).toBe(devUser)
        expect(await shownMethods(owner)).toEqual(["email", "dev-idp"])

        const page = await newPage()
        await signInWithPassword(page, email, password)
        await example.part(page, "link-dev-idp").click()
        await throughDevIdp(page, app)
        expect(page.url()).toBe(`${app.origin}${example.accountPath}?error=account-taken`)
        await expect(example.part(page, "account-problem").textContent()).resolves.toContain("already belongs to another user")
        expect(await shownMethods(page)).toEqual(["password", "email"])
        expect(await sessionEmail(page)).toBe(email)
        expect(await shownEmail(owner)).toBe(devUser)
        expect(await shownMethods(owner)).toEqual(["email", "dev-idp"])
        expect(await sessionEmail(owner)).toBe(devUser)
      },
      flowTimeout,
    )

    it(
      "refuses to unlink the last way to sign in, with a clear message, and keeps it",
      async () => {
        const page = await newPage()
        await signInWithDevIdp(page, idpOnly)
        expect(await shownEmail(page, idpOnly)).toBe(devUser)
        expect(await shownMethods(page)).toEqual(["dev-idp"])
        await example.part(page, "unlink-dev-idp").click()
        await page.waitForURL((url) => onAccountPage(idpOnly)(url) && url.searchParams.get("error") === "last-method")
        await expect(example.part(page, "account-problem").textContent()).resolves.toContain("last way to sign in")
        expect(await shownMethods(page)).toEqual(["dev-idp"])
        expect(await sessionEmail(page, idpOnly)).toBe(devUser)
      },
      flowTimeout,
    )

    it(
      "changes the address through the mail: nothing changes before the link's page is confirmed",
      async () => {
        const page = await newPage()
        await signInWithPassword(page, email, password)
        await example.part(page, "new-email").fill(newEmail)
        await example.part(page, "change-email").click()
        await page.waitForURL((url) => onAccountPage(app)(url) && url.searchParams.get("done") === "email-sent")
        const sent = await mails(2)
        expect([...sent.keys()].sort()).toEqual([email, newEmail].sort())
        // The old address gets a notice, no link.
        expect(() => confirmLink(sent.get(email)!)).toThrow()
        expect(await shownEmail(page)).toBe(email)

        // Opening the link changes nothing (mail scanners open links too); its page's button does.
        await page.goto(confirmLink(sent.get(newEmail)!).href)
        expect(await shownEmail(page)).toBe(email)
        await page.goto(confirmLink(sent.get(newEmail)!).href)
        await page.click('button[type="submit"]')
        await page.waitForURL((url) => onAccountPage(app)(url) && url.searchParams.get("done") === "email-changed")
        expect(await shownEmail(page)).toBe(newEmail)
      },
      flowTimeout,
    )

    it(
      "deletes the account after re-authenticating: no session, GET /account 401, the password refused",
      async () => {
        const page = await newPage()
        await signInWithPassword(page, newEmail, password)
        const signedInAt = Date.now()
        await page.waitForTimeout(Math.max(0, signedInAt + (freshAge + 1) * 1000 - Date.now()))
        // The sign-in is older than session.freshAge: deleting sends the browser to sign in again first.
        await page.goto(`${app.origin}${example.accountPath}`)
        await example.part(page, "delete-understood").check()
        await example.part(page, "delete-account").click()
        await page.waitForURL(example.isReauthentication)
        expect(await sessionEmail(page)).toBe(newEmail)
        await example.submitPasswordForm(page, newEmail, password)
        await page.waitForURL(onAccountPage(app))

        await example.part(page, "delete-understood").check()
        await example.part(page, "delete-account").click()
        await page.waitForURL((url) => url.origin === app.origin && !url.pathname.startsWith(example.accountPath))
        expect(await sessionEmail(page)).toBeNull()
        const json = await page.request.get(`${app.origin}${example.basePath}/account`, { headers: { accept: "application/json" } })
        expect(json.status()).toBe(401)

        const again = await newPage()
        await example.openSignIn(again, app.origin)
        await example.submitPasswordForm(again, newEmail, password)
        await example.expectRefused(again)
        expect(await sessionEmail(again)).toBeNull()
      },
      flowTimeout,
    )
  })
}
