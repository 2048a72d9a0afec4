/**
 * A production deployment without AUTH_SECRET: the auth routes answer 500 and log MissingSecret,
 * and a page calling `auth()` must fail with that same error — not render as signed out while the
 * API says the server is broken. The app is `NextAuth(...)` as users write it, configured from
 * process.env.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { MissingSecret } from "@gatehouse/core/errors"
import Credentials from "@gatehouse/core/providers/credentials"
import { NextRequest } from "next/server"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import type { NextApiRequest, NextApiResponse } from "next"
import NextAuth from "./index.js"

// Server components read the request through next/headers, which only works inside Next's request
// scope; this stands in for it with the headers of a request to the app.
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "app.example.test", "x-forwarded-proto": "https" }),
  cookies: async () => ({ getAll: () => [] }),
}))

function app() {
  const logged: Error[] = []
  const result = NextAuth({
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
    logger: { error: (error) => void logged.push(error), warn: () => {} },
  })
  return { ...result, logged }
}

beforeEach(() => {
  vi.stubEnv("NODE_ENV", "production")
  vi.stubEnv("AUTH_TRUST_HOST", "true")
  for (const name of ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3", "AUTH_URL", "NEXTAUTH_URL"]) {
    vi.stubEnv(name, undefined as unknown as string)
  }
})
afterEach(() => vi.unstubAllEnvs())

describe("no AUTH_SECRET in production", () => {
  it("GET /api/auth/session answers 500 and the log says MissingSecret", async () => {
    const { handlers, logged } = app()
    const response = await handlers.GET(new NextRequest("https://app.example.test/api/auth/session"))
    expect(response.status).toBe(500)
    expect(logged.map((error) => (error as MissingSecret).type)).toEqual(["MissingSecret"])
  })

  it("auth() in a page or server action throws MissingSecret instead of returning a signed-out null", async () => {
    const { auth, logged } = app()
    const error = await auth().then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(MissingSecret)
    expect((error as MissingSecret).type).toBe("MissingSecret")
    expect((error as Error).message).toContain("AUTH_SECRET")
    // Logged through the app's logger, with the class and type of every other route's log line.
    expect(logged.map((e) => e.constructor)).toEqual([MissingSecret])
  })

  describe("auth(req, res) in the pages router", () => {
    let server: Server
    let origin: string
    let outcome: unknown
    beforeAll(async () => {
      const { auth } = app()
      server = createServer(async (req, res) => {
        // A bare Node server stands in for the pages router: what auth(req, res) reads (headers, the
        // response to write cookies to) is there; Next's additions (query, body, cookies) are not needed.
        outcome = await auth(req as NextApiRequest, res as NextApiResponse).then(
          (session) => ({ session }),
          (error: unknown) => error,
        )
        res.end()
      })
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    it("throws MissingSecret too", async () => {
      await fetch(`${origin}/api/me`)
      expect(outcome).toBeInstanceOf(MissingSecret)
    })
  })

  it("with the secret set, the same app's auth() reads nobody signed in (the check is about the secret)", async () => {
    vi.stubEnv("AUTH_SECRET", "a-production-secret-that-is-long-enough-0123456789")
    const { auth, logged } = app()
    await expect(auth()).resolves.toBeNull()
    expect(logged).toEqual([])
  })
})
