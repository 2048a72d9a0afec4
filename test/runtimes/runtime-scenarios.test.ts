/**
 * One scenario suite, five runtimes (issue 37): the same small app (./auth-app.ts) bundled as each
 * runtime's tooling would and served by Node, workerd (no nodejs_compat), Vercel's Edge runtime, Deno and
 * Bun, against a real OpenID provider on loopback (the dev IdP), a stand-in for the mail API (its real
 * servers cannot run here) and Redis over HTTP in front of the real Redis. Each scenario runs over HTTP
 * from this process, so what is asserted is what a browser of that deployment would see.
 */
import { rmSync } from "node:fs"
import { join, resolve } from "node:path"
import { startDevIdentityProvider, type DevIdentityProvider } from "@gatehouse/dev-idp"
import { FetchBrowser, signInAtDevIdp } from "@gatehouse/dev-idp/fetch-browser"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { SoftwareAuthenticator } from "@gatehouse/test-kit/software-authenticator"
import { startMailApiStandIn, type MailApiStandIn } from "@gatehouse/test-kit/mail-api-stand-in"
import { startRedisRestServer, type RedisRestServer } from "@gatehouse/test-kit/redis-rest-server"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { freePort } from "../e2e/support/free-port.js"
import { credentialsPassword, type RuntimeAppEnv } from "./auth-app.js"
import { type RunningRuntime, type RuntimeName, runtimes, startRuntime } from "./start-runtime.mjs"

const repoRoot = resolve(import.meta.dirname, "../..")
const workDir = join(repoRoot, ".tmp", `runtimes-${process.pid}`)
const idpClient = { id: "gatehouse-runtimes", secret: "runtime-suite-client-secret" }

let idp: DevIdentityProvider
let mailApi: MailApiStandIn
let redisRest: RedisRestServer
const ports = {} as Record<RuntimeName, number>

beforeAll(async () => {
  for (const runtime of runtimes) ports[runtime] = await freePort()
  ;[idp, mailApi, redisRest] = await Promise.all([
    startDevIdentityProvider({
      clients: [
        {
          client_id: idpClient.id,
          client_secret: idpClient.secret,
          redirect_uris: runtimes.map((runtime) => `http://127.0.0.1:${ports[runtime]}/auth/callback/dev-idp`),
        },
      ],
    }),
    startMailApiStandIn(),
    startRedisRestServer(),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all([idp?.close(), mailApi?.close(), redisRest?.close()])
  rmSync(workDir, { recursive: true, force: true })
})

describe.each(runtimes)("on %s", (runtime) => {
  let app: RunningRuntime
  const base = () => `${app.origin}/auth`

  beforeAll(async () => {
    const env: RuntimeAppEnv = {
      AUTH_SECRET: `runtime-suite-secret-${runtime}-${crypto.randomUUID()}`,
      SESSION_KEY_PREFIX: `gatehouse:runtime-suite:${runtime}:${crypto.randomUUID()}:`,
      IDP_ISSUER: idp.issuer,
      IDP_CLIENT_ID: idpClient.id,
      IDP_CLIENT_SECRET: idpClient.secret,
      MAIL_API_URL: mailApi.url,
      REDIS_REST_URL: redisRest.url,
      REDIS_REST_TOKEN: redisRest.token,
    }
    app = await startRuntime(runtime, join(import.meta.dirname, "auth-app.ts"), { ...env }, ports[runtime], join(workDir, runtime))
  }, 120_000)

  afterAll(() => app?.stop())

  async function csrf(browser: FetchBrowser): Promise<string> {
    return ((await (await browser.request(`${base()}/csrf`)).json()) as { csrfToken: string }).csrfToken
  }

  function postForm(browser: FetchBrowser, url: string, fields: Record<string, string>): Promise<Response> {
    return browser.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    })
  }

  async function session(browser: FetchBrowser): Promise<{ user?: { name?: string; email?: string } } | null> {
    const response = await browser.request(`${base()}/session`)
    expect(response.status).toBe(200)
    return response.json()
  }

  /** A username no other scenario uses (the limiter counts per account, in the Redis all runtimes share). */
  const newUsername = () => `${runtime}-${crypto.randomUUID().slice(0, 8)}`

  async function signIn(browser: FetchBrowser, username: string): Promise<Response> {
    return postForm(browser, `${base()}/callback/credentials`, {
      csrfToken: await csrf(browser),
      username,
      password: credentialsPassword,
      callbackUrl: `${app.origin}/home`,
    })
  }

  const sessionCookie = "authjs.session-token"

  test("the app is served by that runtime", async () => {
    const answer = (await (await fetch(`${app.origin}/whoami`)).json()) as { runtime: string; name: string | null }
    expect(answer).toEqual({ runtime, name: null, sub: null })
  })

  // workerd runs here without nodejs_compat, and the Edge runtime has no Node modules at all.
  if (runtime === "workerd" || runtime === "edge-runtime") {
    test("no node: import reached the bundle", () => {
      expect(app.bundle).toContain("authjs.session-token")
      expect(app.bundle).not.toMatch(/["']node:[a-z_/]+["']/)
    })
  }

  test("lists the providers and hands out a CSRF token in a cookie", async () => {
    const browser = new FetchBrowser()
    const providers = (await (await browser.request(`${base()}/providers`)).json()) as Record<string, { type: string }>
    expect(Object.fromEntries(Object.entries(providers).map(([id, provider]) => [id, provider.type]))).toEqual({
      credentials: "credentials",
      passkey: "webauthn",
      "dev-idp": "oidc",
      resend: "email",
    })
    expect(await csrf(browser)).toMatch(/^[0-9a-f]{64}$/)
    expect(browser.cookiesFor(app.origin).has("authjs.csrf-token")).toBe(true)
  })

  test("credentials sign in to a JWT session that the app's own route reads with getToken; sign-out ends it", async () => {
    const browser = new FetchBrowser()
    const username = newUsername()
    const signedIn = await signIn(browser, username)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(`${app.origin}/home`)
    expect((await session(browser))?.user?.name).toBe(username)
    const whoami = (await (await browser.request(`${app.origin}/whoami`)).json()) as { name: string | null }
    expect(whoami.name).toBe(username)

    const signedOut = await postForm(browser, `${base()}/signout`, { csrfToken: await csrf(browser) })
    expect(signedOut.status).toBe(302)
    expect(browser.cookiesFor(app.origin).has(sessionCookie)).toBe(false)
    expect(await session(browser)).toBeNull()
  })

  test("a sign-in without the CSRF token is refused and sets no session", async () => {
    const browser = new FetchBrowser()
    await csrf(browser)
    const refused = await postForm(browser, `${base()}/callback/credentials`, { username: newUsername(), password: credentialsPassword })
    expect(refused.status).toBe(302)
    expect(refused.headers.get("location")).toContain("MissingCSRF")
    expect(browser.cookiesFor(app.origin).has(sessionCookie)).toBe(false)
    expect(await session(browser)).toBeNull()
  })

  test("a tampered session cookie reads as no session, not an error", async () => {
    const browser = new FetchBrowser()
    await signIn(browser, newUsername())
    const token = browser.cookiesFor(app.origin).get(sessionCookie)!
    const flipped = token.slice(0, -6) + (token.at(-6) === "A" ? "B" : "A") + token.slice(-5)
    browser.setCookie(app.origin, sessionCookie, flipped)
    expect(await session(browser)).toBeNull()
    const whoami = (await (await browser.request(`${app.origin}/whoami`)).json()) as { name: string | null }
    expect(whoami.name).toBeNull()
  })

  test("an OpenID sign-in at the real provider whose PKCE verifier is gone is refused", async () => {
    const browser = new FetchBrowser()
    const started = await postForm(browser, `${base()}/signin/dev-idp`, {
      csrfToken: await csrf(browser),
      callbackUrl: `${app.origin}/home`,
    })
    expect(started.status).toBe(302)
    const authorizationUrl = new URL(started.headers.get("location")!)
    expect(authorizationUrl.origin).toBe(new URL(idp.issuer).origin)
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256")
    const callback = await signInAtDevIdp(browser, authorizationUrl)

    // The code reaches a browser that did not start the sign-in (or lost the cookie): without the verifier
    // the code cannot be redeemed.
    expect(browser.cookiesFor(app.origin).has("authjs.pkce.code_verifier")).toBe(true)
    browser.deleteCookie(app.origin, "authjs.pkce.code_verifier")
    const refused = await browser.request(callback)
    expect(refused.headers.get("location")).toContain("error=")
    expect(browser.cookiesFor(app.origin).has(sessionCookie)).toBe(false)
  })

  test("the OpenID sign-in completes into a session with the provider's user", async () => {
    const browser = new FetchBrowser()
    const started = await postForm(browser, `${base()}/signin/dev-idp`, {
      csrfToken: await csrf(browser),
      callbackUrl: `${app.origin}/home`,
    })
    const callback = await signInAtDevIdp(browser, new URL(started.headers.get("location")!))
    const landed = await browser.request(callback)
    expect(landed.status).toBe(302)
    expect(landed.headers.get("location")).toBe(`${app.origin}/home`)
    expect((await session(browser))?.user?.email).toBe("dev@example.test")
  })

  test("a magic link through the HTTP mail API signs in once; spending it again is refused", async () => {
    const browser = new FetchBrowser()
    const email = `${runtime}-${crypto.randomUUID().slice(0, 8)}@example.test`
    const asked = await postForm(browser, `${base()}/signin/resend`, {
      csrfToken: await csrf(browser),
      email,
      callbackUrl: `${app.origin}/home`,
    })
    expect(asked.status).toBe(302)
    const sent = mailApi.requests.find((request) => request.body?.to === email)
    expect(sent?.intendedUrl).toBe("https://api.resend.com/emails")
    const link = new URL((sent!.body.text as string).split("\n").find((line) => line.includes("/callback/resend"))!)

    // GET shows a confirmation page (link scanners spend nothing); its form's POST spends the link.
    const spend = async () => {
      const page = await browser.request(link)
      const [form] = pageForms(await page.text())
      if (!form) throw new Error(`the link's page has no form: ${page.status} ${page.headers.get("location")}`)
      return postForm(browser, form.action, form.fields)
    }
    const first = await spend()
    expect(first.headers.get("location")).toBe(`${app.origin}/home`)
    expect((await session(browser))?.user?.email).toBe(email)
    const again = await spend()
    expect(again.headers.get("location")).toContain("error=Verification")
  })

  test("a passkey registers and signs back in (@simplewebauthn/server verifying there); a replayed assertion is refused", async () => {
    // WebAuthn has no RP ID for an IP address: this browser is on localhost.
    const origin = app.origin.replace("127.0.0.1", "localhost")
    const browser = new FetchBrowser()
    const authenticator = new SoftwareAuthenticator(origin)
    const options = async (query: Record<string, string>) => {
      const response = await browser.request(`${origin}/auth/webauthn-options/passkey?${new URLSearchParams(query)}`)
      expect(response.status).toBe(200)
      return ((await response.json()) as { options: never }).options
    }
    const ceremony = async (action: string, data: unknown) =>
      postForm(browser, `${origin}/auth/callback/passkey`, {
        csrfToken: ((await (await browser.request(`${origin}/auth/csrf`)).json()) as { csrfToken: string }).csrfToken,
        action,
        data: JSON.stringify(data),
      })
    const email = `${newUsername()}@example.test`
    expect((await ceremony("register", await authenticator.register(await options({ action: "register", email })))).status).toBe(302)
    const sessionAt = async () => (await (await browser.request(`${origin}/auth/session`)).json()) as { user?: { email?: string } } | null
    expect((await sessionAt())?.user?.email).toBe(email)

    await postForm(browser, `${origin}/auth/signout`, {
      csrfToken: ((await (await browser.request(`${origin}/auth/csrf`)).json()) as { csrfToken: string }).csrfToken,
    })
    expect(await sessionAt()).toBeNull()
    const assertion = await authenticator.authenticate(await options({ action: "authenticate" }))
    const signedIn = await ceremony("authenticate", assertion)
    expect(signedIn.status).toBe(302)
    expect((await sessionAt())?.user?.email).toBe(email)

    // The same assertion again (its challenge already spent) opens nothing.
    const replayer = new FetchBrowser()
    const replayed = await replayer.request(`${origin}/auth/callback/passkey`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrfToken: ((await (await replayer.request(`${origin}/auth/csrf`)).json()) as { csrfToken: string }).csrfToken,
        action: "authenticate",
        data: JSON.stringify(assertion),
      }),
    })
    expect(replayed.headers.get("location") ?? "").toContain("error=")
    expect(replayer.cookiesFor(origin).has(sessionCookie)).toBe(false)
  })

  test("sessions are listed and one browser signs the other out: its JWT is refused within the check interval", async () => {
    const [laptop, phone] = [new FetchBrowser(), new FetchBrowser()]
    const username = newUsername()
    await signIn(laptop, username)
    await signIn(phone, username)
    const listed = (await (await laptop.request(`${base()}/sessions`)).json()) as { id: string; current: boolean }[]
    expect(listed.map((entry) => entry.current)).toEqual([true, false])
    const revoked = await postForm(laptop, `${base()}/sessions/revoke`, { csrfToken: await csrf(laptop), sessionId: listed[1]!.id })
    expect(await revoked.json()).toEqual({ revoked: 1 })
    await expect.poll(() => session(phone), { timeout: 3_000, interval: 200 }).toBeNull()
    expect((await session(laptop))?.user?.name).toBe(username)
  })

  test("the limiter counts attempts in Redis over HTTP: the sixth try at one account is answered 429", async () => {
    const username = newUsername()
    const commandsBefore = redisRest.commands.length
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const browser = new FetchBrowser()
      const response = await postForm(browser, `${base()}/callback/credentials`, {
        csrfToken: await csrf(browser),
        username,
        password: "wrong",
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429])
    expect(redisRest.commands.length - commandsBefore).toBeGreaterThanOrEqual(6)
  })
})
