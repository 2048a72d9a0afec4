import { describe, expect, it, vi } from "vitest"
import { CallbackRouteError, CredentialsSignin } from "../../errors.js"
import { decode } from "../../jwt.js"
import {
  ada,
  adaCredentials,
  base,
  browserFor,
  credentialsConfig,
  origin,
  secret,
  signInAsAda,
  type silentLogger,
} from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../../types.js"

const salt = "authjs.session-token"

function loggerOf(config: AuthConfig) {
  return config.logger as ReturnType<typeof silentLogger>
}

function hasSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((c) => /^authjs\.session-token(\.\d+)?=[^;]+/.test(c))
}

describe("credentials sign-in", () => {
  it("redirects to the callbackUrl with a session cookie on success", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await signInAsAda(browser, { callbackUrl: "/dashboard" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${origin}/dashboard`)
    expect(hasSessionCookie(response)).toBe(true)
  })

  it("authorize returning null → signin?error=CredentialsSignin&code=credentials, no session", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await signInAsAda(browser, { password: "wrong" })
    expect(response.headers.get("location")).toBe(`${base}/signin?error=CredentialsSignin&code=credentials`)
    expect(hasSessionCookie(response)).toBe(false)
  })

  it("a CredentialsSignin subclass chooses the code", async () => {
    class BadOtp extends CredentialsSignin {
      code = "bad_otp"
    }
    const config = credentialsConfig({
      providers: [
        adaCredentials({
          authorize: () => {
            throw new BadOtp()
          },
        }),
      ],
    })
    const response = await signInAsAda(browserFor(config))
    expect(response.headers.get("location")).toBe(`${base}/signin?error=CredentialsSignin&code=bad_otp`)
  })

  it("a custom code is URL-encoded, never injected into the query", async () => {
    class Odd extends CredentialsSignin {
      code = "a&error=AccessDenied#x"
    }
    const config = credentialsConfig({
      providers: [
        adaCredentials({
          authorize: () => {
            throw new Odd()
          },
        }),
      ],
    })
    const location = new URL((await signInAsAda(browserFor(config))).headers.get("location")!)
    expect(location.searchParams.getAll("error")).toEqual(["CredentialsSignin"])
    expect(location.searchParams.get("code")).toBe("a&error=AccessDenied#x")
  })

  it("lands on pages.signIn when the app has one", async () => {
    const config = credentialsConfig({ pages: { signIn: "/login" } })
    const response = await signInAsAda(browserFor(config), { password: "wrong" })
    expect(response.headers.get("location")).toBe(`${origin}/login?error=CredentialsSignin&code=credentials`)
  })

  it("any other error → error?error=Configuration; the message is logged, never sent", async () => {
    const leak = "connection to postgres://admin:hunter2@db failed"
    const config = credentialsConfig({
      providers: [
        adaCredentials({
          authorize: () => {
            throw new Error(leak)
          },
        }),
      ],
    })
    const response = await signInAsAda(browserFor(config))
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(await response.text()).not.toContain("hunter2")
    for (const [, value] of response.headers) expect(value).not.toContain("hunter2")
    const [logged] = loggerOf(config).errors
    expect(logged).toBeInstanceOf(CallbackRouteError)
    expect((logged as CallbackRouteError).cause?.err?.message).toBe(leak)
  })

  it("the default logger prints the original error's stack as the cause", async () => {
    const printed: string[] = []
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(" ")))
    try {
      const config = credentialsConfig({
        logger: undefined,
        providers: [
          adaCredentials({
            authorize: () => {
              throw new Error("ldap bind failed")
            },
          }),
        ],
      })
      await signInAsAda(browserFor(config))
    } finally {
      spy.mockRestore()
    }
    const output = printed.join("\n")
    expect(output).toContain("CallbackRouteError")
    expect(output).toMatch(/\[gatehouse\]\[cause\].*Error: ldap bind failed/s)
  })

  it("an error that is not even an Error object is still contained", async () => {
    const config = credentialsConfig({
      providers: [
        adaCredentials({
          authorize: () => {
            throw "a string"
          },
        }),
      ],
    })
    const response = await signInAsAda(browserFor(config))
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
  })

  it("passes authorize every body field and a Request to the callback URL with the caller's headers", async () => {
    const calls: { fields: Record<string, unknown>; request: Request }[] = []
    const config = credentialsConfig({
      providers: [
        adaCredentials({
          authorize: (fields: Record<string, unknown>, request: Request) => {
            calls.push({ fields, request })
            return { ...ada }
          },
        }),
      ],
    })
    const browser = browserFor(config)
    const csrfToken = await browser.csrfToken(base)
    await browser.fetch(`${base}/callback/credentials?from=query`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.9" },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "lovelace", otp: "123456", callbackUrl: "/x" }),
    })
    expect(calls).toHaveLength(1)
    const { fields, request } = calls[0]
    expect(fields).toEqual({ csrfToken, username: "ada", password: "lovelace", otp: "123456", callbackUrl: "/x" })
    expect(request).toBeInstanceOf(Request)
    expect(request.method).toBe("POST")
    expect(request.url).toBe(`${base}/callback/credentials?from=query`)
    expect(request.headers.get("x-forwarded-for")).toBe("203.0.113.9")
    expect(await request.json()).toEqual(fields)
  })

  it("gives a user without an id a random UUID as sub", async () => {
    const config = credentialsConfig({ providers: [adaCredentials({ authorize: () => ({ name: "No Id" }) })] })
    const browser = browserFor(config)
    await signInAsAda(browser)
    const claims = await decode({ token: browser.cookies.get(salt)!, secret, salt })
    expect(claims!.sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  })

  it("stringifies a numeric id", async () => {
    const config = credentialsConfig({ providers: [adaCredentials({ authorize: () => ({ id: 42 as any, name: "N" }) })] })
    const browser = browserFor(config)
    await signInAsAda(browser)
    expect(await decode({ token: browser.cookies.get(salt)!, secret, salt })).toMatchObject({ sub: "42" })
  })

  it("replaces a session cookie planted before sign-in (no fixation)", async () => {
    const browser = browserFor(credentialsConfig())
    await signInAsAda(browser)
    const planted = browser.cookies.get(salt)!
    await signInAsAda(browser)
    expect(browser.cookies.get(salt)).not.toBe(planted)
  })

  it("a POST to /signin/<credentials id> only sends the browser back to the sign-in page", async () => {
    let called = false
    const config = credentialsConfig({
      providers: [
        adaCredentials({
          authorize: () => {
            called = true
            return { ...ada }
          },
        }),
      ],
    })
    const browser = browserFor(config)
    const response = await browser.post(`${base}/signin/credentials`, { username: "ada", password: "lovelace" }, base)
    expect(response.headers.get("location")).toBe(`${base}/signin`)
    expect(called).toBe(false)
    expect(hasSessionCookie(response)).toBe(false)
  })
})

describe("the signIn callback", () => {
  it("false → /auth/error?error=AccessDenied, no session", async () => {
    const browser = browserFor(credentialsConfig({ callbacks: { signIn: () => false } }))
    const response = await signInAsAda(browser)
    expect(response.headers.get("location")).toBe(`${base}/error?error=AccessDenied`)
    expect(hasSessionCookie(response)).toBe(false)
  })

  it("a URL string → redirected there instead, no session", async () => {
    const browser = browserFor(credentialsConfig({ callbacks: { signIn: () => "/welcome" } }))
    const response = await signInAsAda(browser)
    expect(response.headers.get("location")).toBe(`${origin}/welcome`)
    expect(hasSessionCookie(response)).toBe(false)
  })

  it("an off-site URL string goes through the redirect callback", async () => {
    const browser = browserFor(credentialsConfig({ callbacks: { signIn: () => "https://evil.example/phish" } }))
    const response = await signInAsAda(browser)
    expect(new URL(response.headers.get("location")!).origin).toBe(origin)
  })

  it("throws → AccessDenied, the message not sent", async () => {
    const config = credentialsConfig({
      callbacks: {
        signIn: () => {
          throw new Error("secret rule 7 failed")
        },
      },
    })
    const response = await signInAsAda(browserFor(config))
    expect(response.headers.get("location")).toBe(`${base}/error?error=AccessDenied`)
    expect(response.headers.get("location")).not.toContain("rule")
    expect(hasSessionCookie(response)).toBe(false)
  })

  it("receives the user, the account and the credentials", async () => {
    const seen: any[] = []
    const config = credentialsConfig({
      callbacks: {
        signIn: (params) => {
          seen.push(params)
          return true
        },
      },
    })
    await signInAsAda(browserFor(config))
    expect(seen[0].user).toEqual(ada)
    expect(seen[0].account).toEqual({ providerAccountId: ada.id, type: "credentials", provider: "credentials" })
    expect(seen[0].credentials).toMatchObject({ username: "ada", password: "lovelace" })
  })
})

describe("the jwt callback at sign-in", () => {
  it("receives trigger signIn, the user, the account and Auth.js's initial token", async () => {
    const seen: any[] = []
    const config = credentialsConfig({
      callbacks: {
        jwt: (params) => {
          seen.push(params)
          return params.token
        },
      },
    })
    await signInAsAda(browserFor(config))
    expect(seen).toHaveLength(1)
    expect(seen[0].trigger).toBe("signIn")
    expect(seen[0].user).toEqual(ada)
    expect(seen[0].account).toEqual({ providerAccountId: ada.id, type: "credentials", provider: "credentials" })
    expect(seen[0].token).toEqual({ name: ada.name, email: ada.email, picture: ada.image, sub: ada.id })
  })
})

describe("events", () => {
  it("signIn fires with the user and the account", async () => {
    const seen: unknown[] = []
    await signInAsAda(browserFor(credentialsConfig({ events: { signIn: (message) => void seen.push(message) } })))
    expect(seen).toEqual([{ user: ada, account: { providerAccountId: ada.id, type: "credentials", provider: "credentials" } }])
  })

  it("signOut fires with the decoded token and the session cookie is cleared", async () => {
    const seen: any[] = []
    const browser = browserFor(credentialsConfig({ events: { signOut: (message) => void seen.push(message) } }))
    await signInAsAda(browser)
    const response = await browser.post(`${base}/signout`, { callbackUrl: "/bye" }, base)
    expect(response.headers.get("location")).toBe(`${origin}/bye`)
    expect(response.headers.getSetCookie().find((c) => c.startsWith(`${salt}=`))).toMatch(/Max-Age=0/)
    expect(seen).toHaveLength(1)
    expect(seen[0].token).toMatchObject({ sub: ada.id, email: ada.email })
    expect(await (await browser.fetch(`${base}/session`)).json()).toBeNull()
  })

  it("signOut with an unreadable cookie still clears it and reports a null token", async () => {
    const seen: any[] = []
    const browser = browserFor(credentialsConfig({ events: { signOut: (message) => void seen.push(message) } }))
    browser.cookies.set(salt, "garbage")
    const response = await browser.post(`${base}/signout`, {}, base)
    expect(response.status).toBe(302)
    expect(browser.cookies.has(salt)).toBe(false)
    expect(seen).toEqual([{ token: null }])
  })

  it("a throwing event handler does not break sign-in, and is logged as EventError", async () => {
    const config = credentialsConfig({
      events: {
        signIn: () => {
          throw new Error("analytics down")
        },
      },
    })
    const browser = browserFor(config)
    const response = await signInAsAda(browser)
    expect(response.headers.get("location")).toBe(origin)
    expect(hasSessionCookie(response)).toBe(true)
    expect(loggerOf(config).errors.map((e) => (e as { type?: string }).type)).toEqual(["EventError"])
    expect(await (await browser.fetch(`${base}/session`)).json()).toMatchObject({ user: { email: ada.email } })
  })

  it("a rejecting async event handler does not break sign-out either", async () => {
    const config = credentialsConfig({
      events: {
        signOut: async () => {
          throw new Error("audit down")
        },
      },
    })
    const browser = browserFor(config)
    await signInAsAda(browser)
    const response = await browser.post(`${base}/signout`, {}, base)
    expect(response.headers.get("location")).toBe(origin)
    expect(browser.cookies.has(salt)).toBe(false)
  })
})
