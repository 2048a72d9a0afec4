import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createConfigResolver } from "./create-config-resolver.js"
import { sessionForPagesRouter } from "./session.js"
import { credentialsConfig, sessionCookie } from "./test-support/credentials-config.js"

describe("auth(req, res) and auth(ctx) in the pages router", () => {
  let server: Server
  let origin: string
  const resolveConfig = createConfigResolver(credentialsConfig({ session: { updateAge: 0 } }))

  beforeAll(async () => {
    // A real Node server, as Next's pages router hands API routes (req, res).
    server = createServer(async (req, res) => {
      res.setHeader("set-cookie", "app-cookie=kept; Path=/")
      const session = await sessionForPagesRouter(resolveConfig, req, res)
      res.setHeader("content-type", "application/json")
      res.end(JSON.stringify({ session }))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it("returns the session and adds the refreshed cookie next to the app's own", async () => {
    const response = await fetch(`${origin}/api/me`, { headers: { cookie: await sessionCookie() } })
    await expect(response.json()).resolves.toMatchObject({ session: { user: { name: "Demo User" } } })
    const cookies = response.headers.getSetCookie()
    expect(cookies).toContain("app-cookie=kept; Path=/")
    expect(cookies.some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(true)
  })

  it("returns null without a session or with a forged one", async () => {
    await expect((await fetch(`${origin}/api/me`)).json()).resolves.toEqual({ session: null })
    const forged = await fetch(`${origin}/api/me`, { headers: { cookie: "authjs.session-token=forged" } })
    await expect(forged.json()).resolves.toEqual({ session: null })
  })
})
