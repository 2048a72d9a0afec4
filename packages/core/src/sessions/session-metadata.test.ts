import { describe, expect, it } from "vitest"
import type { InternalOptions } from "../providers/types.js"
import { managesSessions } from "./session-management-adapter.js"
import { maxUserAgentLength, newSessionMetadata } from "./session-metadata.js"

const managing = { listSessionsByUserId: () => [], deleteSessionsByUserId: () => 0 }
/** As request options carry them: `adapterManagesSessions` is worked out from the adapter once per config. */
const options = (userAgent: string | null, adapter: object | undefined = managing) =>
  ({ userAgent, adapter, adapterManagesSessions: managesSessions(adapter) }) as unknown as InternalOptions
/** An unsigned JWT: the metadata only reads claims of an ID token the callback already verified. */
const idToken = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`

describe("newSessionMetadata", () => {
  it("records the provider, the IdP's sid, the account signed in with and the User-Agent cut to 512 characters", () => {
    const now = new Date("2026-01-01T00:00:00Z")
    const metadata = newSessionMetadata(
      options("x".repeat(2000)),
      { provider: "dev-oidc", type: "oidc", providerAccountId: "1", id_token: idToken({ sid: "idp-session-7" }) },
      now,
    )
    expect(metadata).toEqual({
      createdAt: now,
      lastSeenAt: now,
      userAgent: "x".repeat(maxUserAgentLength),
      provider: "dev-oidc",
      providerSessionId: "idp-session-7",
      providerAccountId: "1",
    })
  })

  it("records the account only for OAuth and OpenID Connect sign-ins (the sub a logout token names)", () => {
    const accountOf = (type: "oauth" | "oidc" | "email" | "credentials" | "webauthn", providerAccountId: unknown) =>
      newSessionMetadata(options(null), { provider: "p", type, providerAccountId: providerAccountId as string }).providerAccountId
    expect(accountOf("oauth", "12345")).toBe("12345")
    expect(accountOf("oidc", "sub-1")).toBe("sub-1")
    // A profile callback may give a number: kept as the text the accounts table holds.
    expect(accountOf("oauth", 12345)).toBe("12345")
    expect(accountOf("oidc", "")).toBeNull()
    expect(accountOf("email", "ada@example.test")).toBeNull()
    expect(accountOf("credentials", "user-1")).toBeNull()
    expect(accountOf("webauthn", "credential-id")).toBeNull()
  })

  it("leaves out what is unknown, and a sid that is not a short string", () => {
    for (const id_token of [undefined, "not a jwt", idToken({}), idToken({ sid: 7 }), idToken({ sid: "s".repeat(256) })]) {
      const metadata = newSessionMetadata(options(null), { provider: "p", type: "oidc", providerAccountId: "1", id_token })
      expect(metadata).toMatchObject({ userAgent: null, provider: "p", providerSessionId: null, providerAccountId: "1" })
    }
  })

  it("sends nothing beyond Auth.js's fields to an adapter that does not manage sessions", () => {
    expect(newSessionMetadata(options("UA", { createSession() {} }), { provider: "p", type: "oidc", providerAccountId: "1" })).toEqual({})
    const withoutAdapter = { userAgent: "UA", adapter: undefined, adapterManagesSessions: false } as unknown as InternalOptions
    expect(newSessionMetadata(withoutAdapter, null)).toEqual({})
  })
})
