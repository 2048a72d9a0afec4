/**
 * Qwik's step-up helper (`requireRecentAuthentication`, core's step-up check) and the cache rule on
 * responses whose session cookie the request hook refreshed or cleared, over a request event of the
 * shape Qwik City hands the hook and loaders (its `redirect` and `error` build what Qwik would throw).
 */
import { encode } from "@gatehouse/core/jwt"
import { describe, expect, it } from "vitest"
import { createRequestHook, SESSION_KEY } from "./request-hook.js"
import { createStepUpHelper } from "./step-up.js"
import type { QwikAuthConfig } from "./types.js"

const secret = "a-test-secret-that-is-long-enough-0123456789"
const salt = "authjs.session-token"

function configWith(extra: Partial<QwikAuthConfig> = {}): QwikAuthConfig {
  return { providers: [], secret, trustHost: true, logger: { error: () => {}, warn: () => {} }, ...extra }
}

class Thrown {
  constructor(
    readonly status: number,
    readonly detail: unknown,
  ) {}
}

function pageEvent(url: string, headers: Record<string, string>) {
  const cookies = new Map<string, string>()
  return {
    cookies,
    event: {
      url: new URL(url),
      method: "GET",
      request: new Request(url, { headers }),
      env: { get: (_name: string): string | undefined => undefined },
      cookie: { set: (name: string, value: string) => void cookies.set(name, value) },
      sharedMap: new Map<string, unknown>(),
      headers: new Headers(),
      redirect: (status: number, location: string) => new Thrown(status, location),
      error: (status: number, body: unknown) => new Thrown(status, body),
    },
  }
}

/** A session cookie signed in `ageSeconds` ago with a password only. */
async function sessionCookie(ageSeconds: number): Promise<string> {
  // core's marks of when and how the user signed in (session-cookie/token-marks.ts): auth_time and amr.
  const token = await encode({
    token: { name: "Ada", sub: "u1", auth_time: Math.floor(Date.now() / 1000) - ageSeconds, amr: ["pwd"] },
    secret,
    salt,
  })
  return `${salt}=${token}`
}

async function stepUp(config: QwikAuthConfig, headers: Record<string, string>, need: Parameters<ReturnType<typeof createStepUpHelper>>[1]) {
  const { event } = pageEvent("http://app.test/settings", headers)
  try {
    return { session: await createStepUpHelper((() => config) as never)(event as never, need), event }
  } catch (thrown) {
    return { thrown: thrown as Thrown, event }
  }
}

describe("requireRecentAuthentication (core's step-up)", () => {
  it("answers the session of a recent enough sign-in", async () => {
    const config = configWith()
    const cookie = await sessionCookie(10)
    const { session, thrown } = await stepUp(config, { cookie }, { maxAge: 300 })
    expect(thrown).toBeUndefined()
    expect(session?.user?.name).toBe("Ada")
  })

  it("sends a page to /auth/reauthenticate, back to where it was, when the sign-in is too old", async () => {
    const cookie = await sessionCookie(900)
    const { thrown } = await stepUp(configWith(), { cookie, accept: "text/html" }, { maxAge: 300 })
    expect(thrown?.status).toBe(303)
    const location = new URL(thrown?.detail as string)
    expect(location.pathname).toBe("/auth/reauthenticate")
    expect(location.searchParams.get("callbackUrl")).toBe("http://app.test/settings")
  })

  it("answers an API request with RFC 9470's 401 when a second factor is missing, or nobody is signed in", async () => {
    const cookie = await sessionCookie(10)
    const weak = await stepUp(configWith(), { cookie, accept: "application/json" }, { secondFactor: true })
    expect(weak.thrown?.status).toBe(401)
    expect(weak.event.headers.get("www-authenticate")).toMatch(/^Bearer error="insufficient_user_authentication"/)
    const nobody = await stepUp(configWith(), { accept: "application/json" }, { maxAge: 300 })
    expect(nobody.thrown?.status).toBe(401)
  })
})

describe("the request hook keeps a response that sets or clears the session cookie private", () => {
  it("a cleared (forged) cookie, whatever caching the app's layout sets afterwards", async () => {
    const { event, cookies } = pageEvent("http://app.test/page", { cookie: `${salt}=forged` })
    await createRequestHook((() => configWith()) as never)(event as never)
    expect(event.sharedMap.get(SESSION_KEY)).toBeNull()
    expect(cookies.get(salt)).toBe("")
    event.headers.set("Cache-Control", "public, s-maxage=600")
    expect(event.headers.get("cache-control")).toBe("private, no-store")
    expect(event.headers.get("vary")).toContain("Cookie")
  })

  it("a renewed session cookie", async () => {
    const { event, cookies } = pageEvent("http://app.test/page", { cookie: await sessionCookie(10) })
    await createRequestHook((() => configWith({ session: { updateAge: 0 } })) as never)(event as never)
    expect(cookies.get(salt)).toBeTruthy()
    expect(event.headers.get("cache-control")).toBe("private, no-store")
    expect(event.headers.get("vary")).toContain("Cookie")
  })

  it("and leaves a response that sets no cookie alone", async () => {
    const { event, cookies } = pageEvent("http://app.test/page", {})
    await createRequestHook((() => configWith()) as never)(event as never)
    expect(cookies.size).toBe(0)
    expect(event.headers.get("cache-control")).toBeNull()
  })
})
