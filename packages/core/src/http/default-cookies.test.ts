import { describe, expect, it } from "vitest"
import { defaultCookies, resolveCookies } from "./default-cookies.js"

describe("default cookie names", () => {
  it("on https, the CSRF and flow-binding cookies are __Host- (a sibling host cannot plant them), the session cookie __Secure-", () => {
    const cookies = defaultCookies(true)
    for (const key of ["csrfToken", "pkceCodeVerifier", "state", "nonce", "webauthnChallenge", "signOutState"] as const) {
      expect(cookies[key].name).toMatch(/^__Host-authjs\./)
      expect(cookies[key].options).toMatchObject({ path: "/", secure: true })
      expect(cookies[key].options.domain).toBeUndefined()
    }
    expect(cookies.sessionToken.name).toBe("__Secure-authjs.session-token")
  })

  it("on http, no prefix at all", () => {
    expect(Object.values(defaultCookies(false)).every((cookie) => cookie.name.startsWith("authjs."))).toBe(true)
  })

  it("an override that gives a __Host- cookie a Domain or another Path keeps it settable: the name falls back to __Secure-", () => {
    const cookies = resolveCookies(true, {
      state: { options: { domain: "example.com" } } as any,
      nonce: { options: { path: "/auth" } } as any,
      pkceCodeVerifier: { name: "my-pkce", options: { domain: "example.com" } } as any,
    })
    expect(cookies.state.name).toBe("__Secure-authjs.state")
    expect(cookies.nonce.name).toBe("__Secure-authjs.nonce")
    expect(cookies.pkceCodeVerifier.name).toBe("my-pkce")
    expect(cookies.csrfToken.name).toBe("__Host-authjs.csrf-token")
  })
})
