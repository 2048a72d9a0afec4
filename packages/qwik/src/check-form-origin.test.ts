import { describe, expect, it } from "vitest"
import { checkFormOrigin } from "./check-form-origin.js"

/** The parts of a Qwik City request event the check reads; `error` builds what Qwik would throw. */
function event(path: string, headers: Record<string, string>) {
  const url = new URL(`http://app.test${path}`)
  return {
    method: "POST",
    url,
    request: new Request(url, { method: "POST", headers }),
    error: (status: number, message: string) => Object.assign(new Error(message), { status }),
  } as unknown as Parameters<typeof checkFormOrigin>[0]
}

const form = { "content-type": "application/x-www-form-urlencoded" }

describe("checkFormOrigin", () => {
  it("refuses cross-site and Origin-less form posts to /auth", () => {
    expect(() => checkFormOrigin(event("/auth/signout", { ...form, origin: "https://evil.example" }))).toThrow(/CSRF/)
    expect(() => checkFormOrigin(event("/auth/signout", form))).toThrow(/CSRF/)
    expect(() => checkFormOrigin(event("/auth/signout", { ...form, origin: "http://app.test" }))).not.toThrow()
  })

  it("lets the identity provider's server post logout tokens to /auth/backchannel-logout/<id>", () => {
    expect(() => checkFormOrigin(event("/auth/backchannel-logout/keycloak", form))).not.toThrow()
    // Only that action: a look-alike path elsewhere is still checked.
    expect(() => checkFormOrigin(event("/auth/signout/backchannel-logout/x", form))).toThrow(/CSRF/)
  })
})
