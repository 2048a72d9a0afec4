/**
 * Handlers wrapped in `auth(...)` that write a session cookie through next/headers (stood in for
 * here): their answer is made private, a redirect included, and only theirs — concurrent requests
 * each see their own writes.
 */
import { NextRequest } from "next/server"
import { beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth from "../index.js"
import { isRedirectError } from "./is-redirect-error.js"
import { credentialsConfig, sessionCookie } from "./test-support/credentials-config.js"

const jar = vi.hoisted(() => ({ cookie: "", written: [] as string[] }))

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "127.0.0.1:4321", "x-forwarded-proto": "http", cookie: jar.cookie }),
  cookies: async () => ({
    getAll: () => (jar.cookie ? [{ name: jar.cookie.split("=")[0]!, value: jar.cookie.slice(jar.cookie.indexOf("=") + 1) }] : []),
    set: (name: string) => void jar.written.push(name),
  }),
}))

const { auth, signOut, unstable_update } = NextAuth(credentialsConfig({ logger: { error: () => {}, warn: () => {} } }))

function request(): NextRequest {
  return new NextRequest("http://127.0.0.1:4321/api/thing", { method: "POST", headers: { host: "127.0.0.1:4321", cookie: jar.cookie } })
}

const publicAnswer = (body: unknown) => Response.json(body, { headers: { "Cache-Control": "public, s-maxage=300" } })

beforeEach(async () => {
  jar.cookie = await sessionCookie()
  jar.written = []
})

describe("auth(handler) and session cookies its handler writes", () => {
  it("unstable_update inside: the app's public answer comes out private, with Vary: Cookie", async () => {
    const handler = auth(async () => publicAnswer({ session: await unstable_update({ user: { name: "New" } }) }))
    const response = await handler(request(), { params: Promise.resolve({}) })
    expect(jar.written).toContain("authjs.session-token")
    expect(response.headers.get("cache-control")).toBe("private, no-store")
    expect(response.headers.get("vary")).toBe("Cookie")
  })

  it("signOut() inside, which redirects by throwing: the redirect is answered, private, to the same place", async () => {
    const handler = auth(async () => {
      await signOut({ redirectTo: "/goodbye" })
      return publicAnswer({})
    })
    const response = await handler(request(), { params: Promise.resolve({}) })
    expect(response.status).toBe(307)
    expect(response.headers.get("location")).toBe("/goodbye")
    expect(response.headers.get("cache-control")).toBe("private, no-store")
  })

  it("a redirect from a handler that wrote no cookie is left to Next, as before", async () => {
    const { redirect } = await import("next/navigation")
    const handler = auth(() => redirect("/elsewhere"))
    const thrown = await Promise.resolve()
      .then(() => handler(request(), { params: Promise.resolve({}) }))
      .catch((error: unknown) => error)
    expect(isRedirectError(thrown)).toBe(true)
  })

  it("a handler that writes nothing keeps its caching, even while another request's handler writes at the same time", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const writer = auth(async () => {
      await gate
      await unstable_update({ user: { name: "New" } })
      return publicAnswer({ wrote: true })
    })
    const reader = auth(async () => {
      await gate
      return publicAnswer({ wrote: false })
    })
    const answers = Promise.all([writer(request(), { params: Promise.resolve({}) }), reader(request(), { params: Promise.resolve({}) })])
    release()
    const [written, quiet] = await answers
    expect(written.headers.get("cache-control")).toBe("private, no-store")
    expect(quiet.headers.get("cache-control")).toBe("public, s-maxage=300")
    expect(quiet.headers.get("vary")).toBeNull()
  })
})
