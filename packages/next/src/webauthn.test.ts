// The ceremonies themselves run in Chromium (test/e2e/next-passkey.test.ts); this checks where the
// Next.js entry sends its requests, which is all it adds to @gatehouse/webauthn-browser.
import { afterEach, describe, expect, it, vi } from "vitest"
import { clientConfig } from "./react/client-config.js"
import { signIn } from "./webauthn.js"

/** fetch that records each URL and refuses, so signIn stops before any browser API. */
function refusingFetch(): string[] {
  const requested: string[] = []
  vi.stubGlobal("fetch", async (url: string) => {
    requested.push(url)
    return Response.json({ error: "Invalid request" }, { status: 400 })
  })
  return requested
}

describe("@gatehouse/next/webauthn signIn", () => {
  const initialBasePath = clientConfig.basePath
  afterEach(() => {
    vi.unstubAllGlobals()
    clientConfig.basePath = initialBasePath
  })

  it("asks /api/auth (next-auth's base path) for the ceremony options and reports the refusal", async () => {
    const requested = refusingFetch()
    const result = await signIn("passkey", { action: "register", email: "a@example.test", redirectTo: "/", redirect: false })
    expect(requested).toEqual(["/api/auth/webauthn-options/passkey?email=a%40example.test&action=register"])
    expect(result).toEqual({ error: "Invalid request", code: undefined, status: 400, ok: false, url: null })
  })

  it("follows <SessionProvider basePath> set after the module loaded, and an explicit basePath over both", async () => {
    const requested = refusingFetch()
    clientConfig.basePath = "/custom/auth"
    await signIn("passkey", { redirectTo: "/", redirect: false })
    await signIn("my-passkey", { basePath: "/elsewhere/", redirectTo: "/", redirect: false })
    expect(requested).toEqual(["/custom/auth/webauthn-options/passkey?", "/elsewhere/webauthn-options/my-passkey?"])
  })
})
