import { describe, expect, it } from "vitest"
import { serverSessionConfig } from "./server-session-config.js"
import type { NextAuthConfig } from "./types.js"

const expires = new Date("2030-01-01T00:00:00.000Z")

async function shape(config: NextAuthConfig, params: Record<string, unknown>) {
  return (serverSessionConfig(config).callbacks!.session as any)(params)
}

describe("serverSessionConfig: the session as server code sees it", () => {
  it("adds the database user to the session and never the session token", async () => {
    const user = { id: "u1", name: "Ann", email: "ann@example.test", emailVerified: null, image: null }
    const session = { sessionToken: "secret-token", userId: "u1", expires, user }
    const result = await shape({ providers: [] }, { session, user })
    expect(result.user).toEqual(user)
    expect(result.expires).toBe(expires.toISOString())
    expect(JSON.stringify(result)).not.toContain("secret-token")
  })

  it("removes the token even when the app's callback handed the session back as it came", async () => {
    const user = { id: "u1", name: "Ann", email: "ann@example.test" }
    const config: NextAuthConfig = { providers: [], callbacks: { session: ({ session }) => session } }
    const result = await shape(config, { session: { sessionToken: "secret-token", userId: "u1", expires, user }, user })
    expect(JSON.stringify(result)).not.toContain("secret-token")
  })

  it("lets the app's callback result win, including its own user", async () => {
    const config: NextAuthConfig = {
      providers: [],
      callbacks: { session: () => ({ user: { name: "Shown" }, expires: "x", role: "admin" }) as any },
    }
    const result = await shape(config, { session: { user: { name: "Raw" }, expires }, token: { sub: "u1", name: "Raw" } })
    expect(result).toEqual({ user: { name: "Shown" }, expires: "x", role: "admin" })
  })

  it("is derived once per config object, so core's per-config caches hold", () => {
    const config: NextAuthConfig = { providers: [] }
    expect(serverSessionConfig(config)).toBe(serverSessionConfig(config))
  })
})
