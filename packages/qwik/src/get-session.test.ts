import { encode } from "@gatehouse/core/jwt"
import { describe, expect, it, vi } from "vitest"
import { getSession } from "./get-session.js"
import type { QwikAuthConfig } from "./types.js"

const secret = "a-test-secret-that-is-long-enough-0123456789"
const salt = "authjs.session-token"

function configWith(extra: Partial<QwikAuthConfig> = {}): QwikAuthConfig {
  return { providers: [], secret, trustHost: true, basePath: "/auth", logger: { error: () => {} }, ...extra }
}

async function pageRequest(cookie?: string) {
  return new Request("http://127.0.0.1:3000/some/page", {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded", "content-length": "3" },
    body: "a=b",
  })
}

describe("getSession", () => {
  it("returns the session of a valid JWT cookie and the refreshed cookie", async () => {
    const token = await encode({ token: { name: "Ada", email: "ada@example.test", sub: "u1" }, secret, salt })
    // updateAge 0: core re-issues the cookie on every read, so there is a cookie to hand on.
    const lookup = await getSession(await pageRequest(`${salt}=${token}`), configWith({ session: { updateAge: 0 } }))
    expect(lookup.data).toMatchObject({ user: { name: "Ada", email: "ada@example.test" } })
    expect(lookup.cookie).toContain(`${salt}=`)
    expect(lookup.cookies.some((cookie) => cookie.name === salt && cookie.value !== "")).toBe(true)
  })

  it("reads no cookie, or a forged one, as no session", async () => {
    await expect(getSession(await pageRequest(), configWith())).resolves.toMatchObject({ data: null })
    const forged = await getSession(await pageRequest(`${salt}=not-a-jwe`), configWith())
    expect(forged.data).toBeNull()
  })

  it("turns a failing lookup into null and logs it, never an error object", async () => {
    const logged = vi.fn()
    const token = await encode({ token: { name: "Ada" }, secret, salt })
    const broken = configWith({
      logger: { error: logged },
      callbacks: {
        session: () => {
          throw new Error("database is down")
        },
      },
    })
    const lookup = await getSession(await pageRequest(`${salt}=${token}`), broken)
    expect(lookup.data).toBeNull()
    expect(logged).toHaveBeenCalled()
  })

  it("answers null when the config itself is unusable (no secret)", async () => {
    const logged = vi.fn()
    const lookup = await getSession(await pageRequest(), configWith({ secret: undefined, logger: { error: logged } }))
    expect(lookup.data).toBeNull()
    expect(logged).toHaveBeenCalled()
  })
})
