/**
 * signIn, signOut, unstable_update and sessions.revoke* as a route handler calls them (next/headers
 * stood in for): a request another site made is refused before anything changes; the app's own
 * requests and server actions (left to Next's own origin check) go through.
 */
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { MissingCSRF } from "@gatehouse/core/errors"
import Database from "better-sqlite3"
import { beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth from "../index.js"
import { credentialsConfig, sessionCookie } from "./test-support/credentials-config.js"

const incoming = vi.hoisted(() => ({ headers: {} as Record<string, string>, cookie: "", written: [] as string[] }))

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "app.example.test", "x-forwarded-proto": "https", ...incoming.headers }),
  cookies: async () => ({
    getAll: () =>
      incoming.cookie
        ? [{ name: incoming.cookie.slice(0, incoming.cookie.indexOf("=")), value: incoming.cookie.slice(incoming.cookie.indexOf("=") + 1) }]
        : [],
    set: (name: string) => void incoming.written.push(name),
  }),
}))

function app() {
  return NextAuth(credentialsConfig({ adapter: SQLiteAdapter(new Database(":memory:")), logger: { error: () => {}, warn: () => {} } }))
}

beforeEach(async () => {
  incoming.cookie = (await sessionCookie()).replace("authjs.session-token", "__Secure-authjs.session-token")
  incoming.written = []
})

const crossSite: [string, Record<string, string>][] = [
  ["another site's Origin", { origin: "https://evil.example" }],
  ["another port's Origin (same site, other app)", { origin: "https://app.example.test:8443" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["an Origin that is not a URL", { origin: "not a url" }],
]

const calls = {
  signIn: (auth: ReturnType<typeof app>) => auth.signIn("credentials", { username: "demo", password: "demo", redirect: false }),
  signOut: (auth: ReturnType<typeof app>) => auth.signOut({ redirect: false }),
  unstable_update: (auth: ReturnType<typeof app>) => auth.unstable_update({ user: { name: "Mallory" } }),
  "sessions.revoke": (auth: ReturnType<typeof app>) => auth.sessions.revoke("some-session-id"),
  "sessions.revokeOthers": (auth: ReturnType<typeof app>) => auth.sessions.revokeOthers(),
  "sessions.revokeAll": (auth: ReturnType<typeof app>) => auth.sessions.revokeAll(),
}

describe("state-changing server calls during a cross-site request", () => {
  for (const [name, call] of Object.entries(calls)) {
    for (const [why, headers] of crossSite) {
      it(`${name} is refused (MissingCSRF, no cookie written) on ${why}`, async () => {
        incoming.headers = headers
        const thrown = await call(app()).catch((error: unknown) => error)
        expect(thrown).toBeInstanceOf(MissingCSRF)
        expect((thrown as Error).message).toContain(`${name} refused`)
        expect(incoming.written).toEqual([])
      })
    }

    it(`${name} goes through for the app's own page (same Origin, Sec-Fetch-Site same-origin)`, async () => {
      incoming.headers = { origin: "https://app.example.test", "sec-fetch-site": "same-origin" }
      const outcome = await call(app()).catch((error: unknown) => error)
      expect(outcome).not.toBeInstanceOf(MissingCSRF)
      if (name === "signIn" || name === "signOut") expect(incoming.written).toContain("__Secure-authjs.session-token")
    })

    it(`${name} in a server action is left to Next's own origin check`, async () => {
      incoming.headers = { origin: "https://other.example", "next-action": "7f3a" }
      const outcome = await call(app()).catch((error: unknown) => error)
      expect(outcome).not.toBeInstanceOf(MissingCSRF)
    })
  }

  it("sessions.list (reads only) is not refused", async () => {
    incoming.headers = { origin: "https://evil.example", "sec-fetch-site": "cross-site" }
    await expect(app().sessions.list()).resolves.not.toBeInstanceOf(MissingCSRF)
  })
})
