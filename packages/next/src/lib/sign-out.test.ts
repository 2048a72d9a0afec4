/**
 * The server-side `signOut` from `NextAuth()` as a server action calls it (next/headers stood in
 * for): where it sends the browser when core's answer names no target.
 */
import Credentials from "@gatehouse/core/providers/credentials"
import { describe, expect, it, vi } from "vitest"
import NextAuth from "../index.js"
import { isRedirectError } from "./is-redirect-error.js"
import { testSecret } from "./test-support/credentials-config.js"

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "app.example.test", "x-forwarded-proto": "https" }),
  cookies: async () => ({ getAll: () => [], set: () => {} }),
}))

function app() {
  return NextAuth({
    secret: testSecret,
    trustHost: true,
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
    logger: { error: () => {}, warn: () => {} },
  })
}

/** Past the 64 kB core reads of a body: its answer to the sign-out POST is a 400 that names no target. */
const padding = "x".repeat(70_000)

describe("signOut on the server", () => {
  for (const hostile of [`https://evil.example/${padding}`, `javascript:alert(1)//${padding}`, `//evil.example/${padding}`]) {
    it(`never sends the browser to a redirectTo core did not check: ${hostile.slice(0, 24)}…`, async () => {
      const { signOut } = app()
      expect(new URL(await signOut({ redirectTo: hostile, redirect: false }), "https://app.example.test").origin).toBe(
        "https://app.example.test",
      )
      const thrown = await signOut({ redirectTo: hostile }).catch((error: unknown) => error)
      expect(isRedirectError(thrown)).toBe(true)
      const location = (thrown as { digest: string }).digest.split(";")[2]!
      expect(location).toBe("/api/auth/error?error=Configuration")
    })
  }

  it("a checked redirectTo on the site is where it goes", async () => {
    const { signOut } = app()
    expect(await signOut({ redirectTo: "/goodbye", redirect: false })).toBe("https://app.example.test/goodbye")
  })
})
