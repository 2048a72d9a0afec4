import { describe, expect, it } from "vitest"
import { Auth } from "../handler/auth.js"
import { CredentialsSignin, MissingCSRF, UntrustedHost } from "../errors.js"
import { serializeCookie } from "../http/to-response.js"
import { ada, base, credentialsConfig, origin } from "@gatehouse/test-kit/credentials-app"
import type { Cookie } from "../shared-types.js"
import type { AuthConfig } from "../types.js"
import { configPreparer, crossSiteCall, getSession, isCrossOriginFormPost, signIn, signOut, updateSession } from "./index.js"

const headers = { host: "localhost:3000", "x-forwarded-proto": "http" }

function cookieHeader(cookies: Cookie[]): string {
  return cookies
    .filter((cookie) => cookie.value !== "")
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ")
}

async function signedIn(config: AuthConfig) {
  const result = await signIn({ config, headers, provider: "credentials", fields: { username: "ada", password: "lovelace" } })
  return { ...headers, cookie: cookieHeader(result.cookies) }
}

describe("@gatehouse/core/server", () => {
  it("signs in with credentials and reads the session it made, as GET /session reads it", async () => {
    const config = credentialsConfig()
    const result = await signIn({
      config,
      headers,
      provider: "credentials",
      fields: { username: "ada", password: "lovelace" },
      redirectTo: "/home",
    })
    expect(result.value.redirect).toBe(`${origin}/home`)
    expect(result.cookies.some((cookie) => cookie.name === "authjs.session-token" && cookie.value !== "")).toBe(true)
    const signedInHeaders = { ...headers, cookie: cookieHeader(result.cookies) }
    const { value, cookies, refused } = await getSession({ config, headers: signedInHeaders })
    expect(value?.user).toEqual({ name: ada.name, email: ada.email, image: ada.image })
    expect(cookies).toEqual([])
    expect(refused).toBeNull()
    // The same answer as the HTTP route's.
    const http = await Auth(new Request(`${base}/session`, { headers: signedInHeaders }), config)
    expect(await http.json()).toEqual(value)
  })

  it("throws CredentialsSignin for wrong credentials, and sets no session cookie", async () => {
    const config = credentialsConfig()
    await expect(
      signIn({ config, headers, provider: "credentials", fields: { username: "ada", password: "wrong" } }),
    ).rejects.toBeInstanceOf(CredentialsSignin)
  })

  it("names the sign-in page for no or an unknown provider", async () => {
    const config = credentialsConfig()
    const { value, cookies } = await signIn({ config, headers, provider: "nope", redirectTo: "/x" })
    expect(value.redirect).toBe(`${base}/signin?callbackUrl=%2Fx`)
    expect(cookies).toEqual([])
  })

  it("reads nobody without a cookie, and a forged cookie as nobody (cleared)", async () => {
    const config = credentialsConfig()
    expect((await getSession({ config, headers })).value).toBeNull()
    const forged = await getSession({ config, headers: { ...headers, cookie: "authjs.session-token=forged" } })
    expect(forged.value).toBeNull()
    expect(forged.cookies.map(serializeCookie).join()).toContain("authjs.session-token=;")
  })

  it("updates the session through the jwt callback and signs out, clearing the cookie", async () => {
    const config = credentialsConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, name: (session as { name: string }).name } : token),
      },
    })
    const signedInHeaders = await signedIn(config)
    const updated = await updateSession({ config, headers: signedInHeaders, data: { name: "Countess" } })
    expect(updated.value?.user?.name).toBe("Countess")
    const out = await signOut({ config, headers: { ...headers, cookie: cookieHeader(updated.cookies) }, redirectTo: "/bye" })
    expect(out.value.redirect).toBe(`${origin}/bye`)
    const cleared = out.cookies.find((cookie) => cookie.name === "authjs.session-token")
    expect(cleared?.value).toBe("")
    expect(cleared?.options.maxAge).toBe(0)
  })

  it("refuses a session read that asks for a sign-in fresher than the session's: RFC 9470 for an API, a redirect for a page", async () => {
    const config = credentialsConfig()
    const signedInHeaders = await signedIn(config)
    const fresh = await getSession({ config, headers: signedInHeaders, stepUp: { maxAge: 60 } })
    expect(fresh.refused).toBeNull()
    expect(fresh.value).not.toBeNull()
    const weak = await getSession({ config, headers: signedInHeaders, stepUp: { secondFactor: true } })
    expect(weak.value).toBeNull()
    expect(weak.refused?.status).toBe(401)
    expect(weak.refused?.headers?.["WWW-Authenticate"]).toContain("insufficient_user_authentication")
    const page = await getSession({
      config,
      headers: { ...signedInHeaders, accept: "text/html" },
      url: `${origin}/settings`,
      stepUp: { secondFactor: true },
    })
    const redirect = new URL(page.refused!.redirect!)
    expect(redirect.pathname).toBe("/auth/reauthenticate")
    expect(redirect.searchParams.get("callbackUrl")).toBe(`${origin}/settings`)
  })

  it("sends a refused page back on AUTH_URL's origin, not the Host the request named", async () => {
    const prepare = configPreparer({ env: { AUTH_URL: "https://app.example", AUTH_SECRET: "x".repeat(40) } })
    const config = prepare({ providers: credentialsConfig().providers, logger: credentialsConfig().logger })
    const { refused } = await getSession({
      config,
      headers: { host: "internal:8080", accept: "text/html" },
      url: "http://internal:8080/settings?tab=1",
      stepUp: { maxAge: 60 },
    })
    const redirect = new URL(refused!.redirect!)
    expect(redirect.origin).toBe("https://app.example")
    expect(redirect.searchParams.get("callbackUrl")).toBe("https://app.example/settings?tab=1")
  })

  it("throws a broken config's error instead of answering", async () => {
    const config = credentialsConfig({ secret: undefined })
    await expect(getSession({ config, headers })).rejects.toThrow(/secret/i)
  })

  it("pins AUTH_URL's origin and, in production, refuses another host", async () => {
    const prepare = configPreparer({ env: { AUTH_URL: "https://app.example", AUTH_SECRET: "x".repeat(40), NODE_ENV: "production" } })
    const config = prepare({ providers: credentialsConfig().providers, logger: credentialsConfig().logger })
    await expect(getSession({ config, headers: { host: "evil.example" } })).rejects.toBeInstanceOf(UntrustedHost)
    const { value } = await signIn({ config, headers: { host: "app.example" }, provider: "none", redirectTo: "/x" })
    expect(value.redirect).toBe("https://app.example/auth/signin?callbackUrl=%2Fx")
  })
})

describe("configPreparer", () => {
  it("prepares each object once, leaves the app's object alone, and warns about a short secret", () => {
    const warnings: string[] = []
    const logger = { error() {}, debug() {}, warn: (code: string) => void warnings.push(code) }
    const prepare = configPreparer({ env: { NEXTAUTH_SECRET: "short", NEXTAUTH_URL: "https://app.example/api/auth" } })
    const app: AuthConfig = { providers: [], logger }
    const prepared = prepare(app)
    expect(prepare(app)).toBe(prepared)
    expect(app.secret).toBeUndefined()
    expect(prepared.secret).toEqual(["short"])
    expect(prepared.basePath).toBe("/api/auth")
    expect(prepared.trustHost).toBe(true)
    expect(warnings).toEqual(["short-secret"])
  })

  it("a fixed basePath wins, and an AUTH_URL naming another path is warned about", () => {
    const warnings: string[] = []
    const logger = { error() {}, debug() {}, warn: (code: string) => void warnings.push(code) }
    const app: AuthConfig = { providers: [], logger }
    const prepared = configPreparer({ basePath: "/auth", env: { AUTH_URL: "https://app.example/api/auth", AUTH_SECRET: "y".repeat(40) } })(
      app,
    )
    expect(prepared.basePath).toBe("/auth")
    expect(warnings).toEqual(["env-url-basepath-mismatch"])
  })
})

describe("the cross-site rules", () => {
  const url = new URL(`${origin}/auth/signout`)
  it("crossSiteCall refuses another site's Origin or Sec-Fetch-Site, and lets same-site and header-less calls through", () => {
    expect(crossSiteCall(new Headers({ origin: "https://evil.example" }), url, "signOut")).toBeInstanceOf(MissingCSRF)
    expect(crossSiteCall(new Headers({ "sec-fetch-site": "cross-site" }), url, "signOut")).toBeInstanceOf(MissingCSRF)
    expect(crossSiteCall(new Headers({ origin }), url, "signOut")).toBeUndefined()
    expect(crossSiteCall(new Headers(), url, "signOut")).toBeUndefined()
  })

  it("isCrossOriginFormPost refuses another origin's form, blob or bodiless post, not JSON, not back-channel logout", () => {
    const post = (headers: Record<string, string>, path = "/auth/signout") =>
      isCrossOriginFormPost({ method: "POST", headers: new Headers(headers) }, new URL(path, origin), "/auth")
    expect(post({ origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" })).toBe(true)
    expect(post({ origin: "https://evil.example" })).toBe(true)
    expect(post({})).toBe(true)
    expect(post({ origin: "https://evil.example", "content-type": "application/octet-stream" })).toBe(true)
    expect(post({ origin, "content-type": "application/x-www-form-urlencoded" })).toBe(false)
    expect(post({ origin: "https://evil.example", "content-type": "application/json" })).toBe(false)
    expect(post({ "content-type": "application/x-www-form-urlencoded" }, "/auth/backchannel-logout/idp")).toBe(false)
  })
})
