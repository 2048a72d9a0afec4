import { describe, expect, it } from "vitest"
import Passkey from "./passkey.js"
import WebAuthn, {
  DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION,
  DEFAULT_WEBAUTHN_TIMEOUT,
  defaultGetUserInfo,
  defaultRelayingParty,
} from "./webauthn.js"
import type { WebAuthnInternalOptions } from "./types.js"
import type { RequestInternal } from "../http/request-internal.js"

function optionsWith(provider: object, url = "https://app.example.test:8443/auth", users: Record<string, object> = {}) {
  return {
    url: new URL(url),
    provider,
    adapter: { getUserByEmail: async (email: string) => users[email] ?? null },
  } as unknown as WebAuthnInternalOptions
}

function get(query: Record<string, string>): RequestInternal {
  return { method: "GET", query } as RequestInternal
}

describe("WebAuthn provider", () => {
  it("has Auth.js's defaults", () => {
    const provider = WebAuthn()
    expect(provider).toMatchObject({
      id: "webauthn",
      name: "WebAuthn",
      type: "webauthn",
      enableConditionalUI: true,
      simpleWebAuthnBrowserVersion: "v9.0.1",
      authenticationOptions: { timeout: 300_000 },
      registrationOptions: { timeout: 300_000 },
      formFields: { email: { label: "Email", required: true, autocomplete: "username webauthn" } },
    })
    expect(DEFAULT_WEBAUTHN_TIMEOUT).toBe(5 * 60 * 1000)
    expect(DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION).toBe("v9.0.1")
    expect(provider.verifyAuthenticationOptions).toBeUndefined()
  })

  it("lays the user's options over the defaults shallowly, and keeps the type", () => {
    const provider = WebAuthn({ id: "keys", registrationOptions: { attestationType: "direct" }, type: "oauth" } as never)
    expect(provider.id).toBe("keys")
    expect(provider.type).toBe("webauthn")
    expect(provider.registrationOptions).toEqual({ attestationType: "direct" })
  })
})

describe("Passkey provider", () => {
  it("requires user verification and resident keys", () => {
    expect(Passkey()).toMatchObject({
      id: "passkey",
      name: "Passkey",
      type: "webauthn",
      enableConditionalUI: true,
      authenticationOptions: { timeout: 300_000, userVerification: "required" },
      registrationOptions: { timeout: 300_000, authenticatorSelection: { residentKey: "required", userVerification: "required" } },
      verifyAuthenticationOptions: { requireUserVerification: true },
      verifyRegistrationOptions: { requireUserVerification: true },
    })
  })

  it("takes overrides", () => {
    expect(Passkey({ name: "Face ID", enableConditionalUI: false })).toMatchObject({
      id: "passkey",
      name: "Face ID",
      enableConditionalUI: false,
    })
  })
})

describe("relying party", () => {
  it("defaults to the request URL's hostname, host and origin", () => {
    expect(defaultRelayingParty(optionsWith(WebAuthn()))).toEqual({
      id: "app.example.test",
      name: "app.example.test:8443",
      origin: "https://app.example.test:8443",
    })
  })

  it("takes the configured values, the first of an array", () => {
    const provider = WebAuthn({ relayingParty: { id: ["example.test", "b.test"], name: "Example", origin: ["https://example.test", "x"] } })
    expect(defaultRelayingParty(optionsWith(provider))).toEqual({ id: "example.test", name: "Example", origin: "https://example.test" })
  })
})

describe("getUserInfo", () => {
  const known = { id: "u1", email: "known@example.test", emailVerified: null }

  it("finds a known user by e-mail (query for GET, body for POST)", async () => {
    const options = optionsWith(WebAuthn(), undefined, { "known@example.test": known })
    expect(await defaultGetUserInfo(options, get({ email: "known@example.test" }))).toEqual({ user: known, exists: true })
    const post = { method: "POST", query: {}, body: { email: "known@example.test" } } as unknown as RequestInternal
    expect(await defaultGetUserInfo(options, post)).toEqual({ user: known, exists: true })
  })

  it("describes a new user by e-mail, and nothing without one", async () => {
    const options = optionsWith(WebAuthn())
    expect(await defaultGetUserInfo(options, get({ email: "new@example.test" }))).toEqual({
      user: { email: "new@example.test" },
      exists: false,
    })
    expect(await defaultGetUserInfo(options, get({}))).toBeNull()
  })

  it("needs an adapter", async () => {
    const options = { ...optionsWith(WebAuthn()), adapter: undefined } as unknown as WebAuthnInternalOptions
    await expect(defaultGetUserInfo(options, get({ email: "a@b.test" }))).rejects.toMatchObject({ type: "MissingAdapter" })
  })
})
