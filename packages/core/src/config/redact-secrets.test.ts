import { describe, expect, it } from "vitest"
import { createLogger } from "./logger.js"
import { isSecretName, redactSecrets } from "./redact-secrets.js"
import { wrapAdapter } from "./wrap-adapter.js"

describe("redactSecrets", () => {
  it("replaces secret fields' values at any depth and keeps every name and the other values", () => {
    const expires = new Date(0)
    const logged = {
      args: [
        { provider: "github", providerAccountId: "42", access_token: "at-1", refresh_token: "rt-1", id_token: "it-1", expires_at: 7 },
        { sessionToken: "st-1", userId: "u1", expires },
        { identifier: "a@example.test", token: "hash-1" },
      ],
      nested: { "gatehouse.tokens": { access_token: "at-2", provider: "x" }, code_verifier: "v-1", code: "c-1" },
    }
    expect(redactSecrets(logged)).toEqual({
      args: [
        {
          provider: "github",
          providerAccountId: "42",
          access_token: "[redacted]",
          refresh_token: "[redacted]",
          id_token: "[redacted]",
          expires_at: 7,
        },
        { sessionToken: "[redacted]", userId: "u1", expires },
        { identifier: "a@example.test", token: "[redacted]" },
      ],
      nested: { "gatehouse.tokens": "[redacted]", code_verifier: "[redacted]", code: "[redacted]" },
    })
    // The caller's object is left as it was.
    expect(logged.args[0]).toMatchObject({ access_token: "at-1" })
  })

  it("knows secrets by name however they are spelt, and not fields that merely mention tokens", () => {
    for (const name of [
      "sessionToken",
      "session_token",
      "csrfToken",
      "expectedRefreshToken",
      "client_secret",
      "clientSecret",
      "password",
      "newPassword",
      "code_verifier",
      "pkceCodeVerifier",
      "code",
      "except",
      "cookie",
      "Authorization",
      "otp",
      "gatehouse.tokens",
      "id_token_hint",
      "client_assertion",
    ]) {
      expect(isSecretName(name), name).toBe(true)
    }
    for (const name of ["token_type", "tokenRefresh", "provider", "email", "identifier", "expires", "scope", "userId", "cookies"]) {
      expect(isSecretName(name), name).toBe(false)
    }
  })

  it("keeps absent and empty values (nothing to hide), byte arrays and dates, and cuts a cyclic value", () => {
    const bytes = new Uint8Array([1, 2])
    expect(redactSecrets({ token: null, password: "", access_token: undefined, credentialPublicKey: bytes })).toEqual({
      token: null,
      password: "",
      access_token: undefined,
      credentialPublicKey: bytes,
    })
    const cyclic: Record<string, unknown> = { name: "loop" }
    cyclic.self = cyclic
    expect(JSON.stringify(redactSecrets(cyclic))).toContain("[redacted]")
    expect(redactSecrets("a plain message")).toBe("a plain message")
  })
})

describe("redactSecrets inside strings and shared objects", () => {
  it("hides secret parameters of URLs, form bodies and Cookie headers, and keeps the others", () => {
    expect(redactSecrets({ url: "https://app.test/auth/callback/idp?code=c-1&state=s-1&iss=https%3A%2F%2Fidp" })).toEqual({
      url: "https://app.test/auth/callback/idp?code=[redacted]&state=s-1&iss=https%3A%2F%2Fidp",
    })
    expect(redactSecrets(["https://app.test/#access_token=at-1&token_type=bearer", "token=t-1&email=a%40example.test"])).toEqual([
      "https://app.test/#access_token=[redacted]&token_type=bearer",
      "token=[redacted]&email=a%40example.test",
    ])
    expect(redactSecrets({ header: "theme=dark; authjs.session-token=st-1; authjs.csrf-token=ct-1" })).toEqual({
      header: "theme=dark; authjs.session-token=[redacted]; authjs.csrf-token=[redacted]",
    })
    expect(redactSecrets("a plain message, 2 = 2")).toBe("a plain message, 2 = 2")
  })

  it("walks an object met many times once: wide cycles and shared objects are copied in linear time", () => {
    const root: Record<string, unknown> = { token: "t-1" }
    const shared: Record<string, unknown> = { password: "p-1", back: root }
    for (let i = 0; i < 12; i++) {
      root[`link${i}`] = root
      root[`shared${i}`] = shared
      shared[`again${i}`] = shared
    }
    const started = performance.now()
    const copy = redactSecrets(root) as Record<string, Record<string, unknown>>
    expect(performance.now() - started).toBeLessThan(1000)
    expect(copy.token).toBe("[redacted]")
    expect(copy.link0).toBe("[redacted]")
    expect(copy.shared0).toBe(copy.shared11)
    expect(copy.shared0).toMatchObject({ password: "[redacted]", back: "[redacted]", again0: "[redacted]" })
    expect(() => JSON.stringify(copy)).not.toThrow()
  })
})

describe("debug logging through createLogger and wrapAdapter", () => {
  function recording(debug: boolean, withOwnDebug = true) {
    const lines: Array<{ message: string; metadata: unknown }> = []
    const logger = createLogger(withOwnDebug ? { debug: (message, metadata) => void lines.push({ message, metadata }) } : {}, debug)
    return { lines, logger }
  }

  it("hands an app's own debug level the metadata with its secrets redacted", () => {
    const { lines, logger } = recording(false)
    logger.debug("step", { user: "u1", password: "hunter2-hunter2" })
    expect(lines).toEqual([{ message: "step", metadata: { user: "u1", password: "[redacted]" } }])
  })

  it("redacts the adapter arguments that are secrets by position: a session token, an expected refresh token", async () => {
    const { lines, logger } = recording(true)
    const adapter = wrapAdapter(
      {
        getSessionAndUser: async () => null,
        deleteSession: async () => null,
        updateAccountTokens: async () => true,
        deleteSessionsByUserId: async () => 0,
        getUser: async () => null,
      },
      logger,
    )!
    await adapter.getSessionAndUser("session-token-value")
    await adapter.deleteSession("session-token-value")
    await adapter.updateAccountTokens({ provider: "p", providerAccountId: "1" }, "old-refresh-token", { access_token: "new-at" })
    await adapter.deleteSessionsByUserId("u1", { except: "session-token-value" })
    await adapter.getUser("u1")
    expect(lines.map((line) => [line.message, (line.metadata as { args: unknown[] }).args])).toEqual([
      ["adapter_getSessionAndUser", ["[redacted]"]],
      ["adapter_deleteSession", ["[redacted]"]],
      ["adapter_updateAccountTokens", [{ provider: "p", providerAccountId: "1" }, "[redacted]", { access_token: "[redacted]" }]],
      ["adapter_deleteSessionsByUserId", ["u1", { except: "[redacted]" }]],
      ["adapter_getUser", ["u1"]],
    ])
  })
})
