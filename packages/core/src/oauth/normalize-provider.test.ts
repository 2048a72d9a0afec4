import { describe, expect, it } from "vitest"
import { InvalidEndpoints } from "../errors.js"
import type { Profile } from "../shared-types.js"
import type { OAuthConfig } from "../providers/types.js"
import { customFetch } from "../auth-options.js"
import { needsDiscovery } from "./normalize-provider.js"
import { assertOAuthEndpoints, normalizeOAuthProvider } from "./normalize-provider.js"

const urls = {
  signinUrl: "http://app.test/auth/signin/acme",
  callbackUrl: "http://app.test/auth/callback/acme",
}

function oauthProvider(overrides: Partial<OAuthConfig<any>> = {}): OAuthConfig<any> & typeof urls {
  return {
    id: "acme",
    name: "Acme",
    type: "oauth",
    authorization: "https://acme.test/authorize",
    token: "https://acme.test/token",
    userinfo: "https://acme.test/me",
    clientId: "id",
    clientSecret: "secret",
    ...overrides,
    ...urls,
  } as OAuthConfig<any> & typeof urls
}

describe("normalizeOAuthProvider", () => {
  it("turns endpoint strings into URLs and adds the default scope only when none is configured", () => {
    const provider = normalizeOAuthProvider(oauthProvider(), undefined)
    expect(provider.authorization!.url.href).toBe("https://acme.test/authorize?scope=openid+profile+email")
    expect(provider.token!.url.href).toBe("https://acme.test/token")
    expect(provider.userinfo!.url.href).toBe("https://acme.test/me")

    const scoped = normalizeOAuthProvider(oauthProvider({ authorization: "https://acme.test/authorize?scope=read" }), undefined)
    expect(scoped.authorization!.url.searchParams.get("scope")).toBe("read")
  })

  it("bakes endpoint params into the URL, JSON-encoding `claims`", () => {
    const provider = normalizeOAuthProvider(
      oauthProvider({
        authorization: {
          url: "https://acme.test/authorize?prompt=login",
          params: { scope: "read write", claims: { id_token: { email: null } }, access_type: "offline", skipped: undefined },
        },
        userinfo: { url: "https://acme.test/me", params: { fields: "id,name" } },
      }),
      undefined,
    )
    const query = provider.authorization!.url.searchParams
    expect(query.get("prompt")).toBe("login")
    expect(query.get("scope")).toBe("read write")
    expect(JSON.parse(query.get("claims")!)).toEqual({ id_token: { email: null } })
    expect(query.get("access_type")).toBe("offline")
    expect(query.has("skipped")).toBe(false)
    expect(provider.userinfo!.url.searchParams.get("fields")).toBe("id,name")
  })

  it("leaves endpoints to discovery when only an issuer is given, keeping params on a placeholder", () => {
    const provider = normalizeOAuthProvider(
      oauthProvider({
        type: "oidc",
        issuer: "https://id.acme.test",
        authorization: { params: { scope: "openid email", response_mode: "form_post" } },
        token: undefined,
        userinfo: undefined,
      }) as any,
      undefined,
    )
    expect(needsDiscovery(provider.authorization!.url)).toBe(true)
    expect(provider.authorization!.url.searchParams.get("response_mode")).toBe("form_post")
    expect(provider.token).toBeUndefined()
    expect(needsDiscovery(provider.token?.url)).toBe(true)
    expect(provider.userinfo).toBeUndefined()
  })

  it("keeps token handlers (conform, request) next to the URL", () => {
    const conform = async (response: Response) => response
    const request = async () => ({})
    const provider = normalizeOAuthProvider(
      oauthProvider({ token: { url: "https://acme.test/token", conform }, userinfo: { url: "https://acme.test/me", request } }),
      undefined,
    )
    expect(provider.token!.conform).toBe(conform)
    expect(provider.userinfo!.request).toBe(request)
  })

  it("defaults checks to PKCE and keeps the app's own list", () => {
    expect(normalizeOAuthProvider(oauthProvider(), undefined).checks).toEqual(["pkce"])
    expect(normalizeOAuthProvider(oauthProvider({ checks: ["state", "nonce"] } as any), undefined).checks).toEqual(["state", "nonce"])
  })

  it("rewrites the redirect proxy URL to the proxy's callback and forces the state check", () => {
    const provider = normalizeOAuthProvider(oauthProvider({ checks: ["pkce"] }), "https://proxy.test/api/auth/")
    expect(provider.redirectProxyUrl).toBe("https://proxy.test/api/auth/callback/acme")
    expect(provider.checks).toEqual(["pkce", "state"])

    const withoutProxy = normalizeOAuthProvider(oauthProvider(), undefined)
    expect("redirectProxyUrl" in withoutProxy).toBe(false)
  })

  it("drops the redirect proxy for form_post providers (a cross-site POST cannot be redirected on)", () => {
    const provider = normalizeOAuthProvider(
      oauthProvider({ authorization: { url: "https://acme.test/authorize", params: { response_mode: "form_post" } } }),
      "https://proxy.test/api/auth",
    )
    expect(provider.redirectProxyUrl).toBeUndefined()
    expect(provider.checks).toContain("state")
  })

  it("maps profiles with the standard claims by default", async () => {
    const { profile } = normalizeOAuthProvider(oauthProvider(), undefined)
    expect(
      await profile({ sub: "s1", id: "i1", nickname: "nick", preferred_username: "pref", email: "A@B.test", picture: "p.png" }, {}),
    ).toEqual({ id: "s1", name: "nick", email: "A@B.test", image: "p.png" })
    // Providers send numeric ids although the standard claims are strings.
    expect(await profile({ id: 42, preferred_username: "pref" } as unknown as Profile, {})).toEqual({ id: "42", name: "pref" })
    const anonymous = await profile({}, {})
    expect(anonymous.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Object.keys(anonymous)).toEqual(["id"])
  })

  it("keeps the app's profile() and stores only the standard token fields by default", () => {
    const custom = () => ({ id: "x" })
    const provider = normalizeOAuthProvider(oauthProvider({ profile: custom }), undefined)
    expect(provider.profile).toBe(custom)
    expect(
      provider.account({
        access_token: "at",
        id_token: "it",
        refresh_token: "rt",
        expires_at: 10,
        expires_in: 5,
        scope: "s",
        token_type: "bearer",
        session_state: "ss",
        extra: "dropped",
      }),
    ).toEqual({
      access_token: "at",
      id_token: "it",
      refresh_token: "rt",
      expires_at: 10,
      scope: "s",
      token_type: "bearer",
      session_state: "ss",
    })
  })

  it("carries the customFetch symbol and drops the raw options", () => {
    const fetchOverride = (async () => new Response()) as typeof fetch
    const provider = normalizeOAuthProvider(
      { ...oauthProvider(), [customFetch]: fetchOverride, options: { clientId: "x" } } as any,
      undefined,
    )
    expect(provider[customFetch]).toBe(fetchOverride)
    expect("options" in provider).toBe(false)
  })

  it("refuses an endpoint URL that does not parse", () => {
    expect(() => normalizeOAuthProvider(oauthProvider({ token: "not a url" }), undefined)).toThrow(InvalidEndpoints)
  })
})

describe("assertOAuthEndpoints", () => {
  it("accepts a provider with an issuer, or with all three endpoints", () => {
    expect(() => assertOAuthEndpoints(oauthProvider())).not.toThrow()
    expect(() =>
      assertOAuthEndpoints(
        oauthProvider({ issuer: "https://id.acme.test", authorization: undefined, token: undefined, userinfo: undefined }),
      ),
    ).not.toThrow()
  })

  it("names the first missing endpoint when there is no issuer", () => {
    expect(() => assertOAuthEndpoints(oauthProvider({ authorization: { params: { scope: "x" } } }))).toThrow(
      /missing both `issuer` and `authorization`/,
    )
    expect(() => assertOAuthEndpoints(oauthProvider({ token: undefined }))).toThrow(InvalidEndpoints)
    expect(() => assertOAuthEndpoints(oauthProvider({ userinfo: undefined }))).toThrow(/`userinfo`/)
  })

  it("refuses URLs and issuers that do not parse", () => {
    expect(() => assertOAuthEndpoints(oauthProvider({ authorization: { url: "::nope" } }))).toThrow(/invalid `authorization` URL/)
    expect(() => assertOAuthEndpoints(oauthProvider({ issuer: "nope" }))).toThrow(/invalid `issuer`/)
  })
})
