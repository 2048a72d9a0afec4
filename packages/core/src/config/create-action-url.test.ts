import { describe, expect, it } from "vitest"
import { isAuthAction } from "../http/is-auth-action.js"
import { createActionURL } from "./create-action-url.js"

function actionUrl(
  action: Parameters<typeof createActionURL>[0],
  {
    protocol = "http",
    headers = {},
    env = {},
    basePath,
  }: { protocol?: string; headers?: Record<string, string>; env?: Record<string, string>; basePath?: string },
) {
  const warnings: string[] = []
  const logger = { warn: (code: string) => void warnings.push(code), error: () => {}, debug: () => {} }
  const url = createActionURL(action, protocol, new Headers(headers), env, { basePath, logger })
  return { url: url.href, warnings }
}

describe("createActionURL from AUTH_URL", () => {
  it("uses AUTH_URL's origin and the basePath", () => {
    expect(actionUrl("signin", { env: { AUTH_URL: "https://app.example" }, basePath: "/auth" })).toEqual({
      url: "https://app.example/auth/signin",
      warnings: [],
    })
  })

  it("prefers AUTH_URL over the request's host", () => {
    const { url } = actionUrl("session", { env: { AUTH_URL: "https://app.example" }, headers: { host: "evil.example" }, basePath: "/auth" })
    expect(url).toBe("https://app.example/auth/session")
  })

  it("accepts NEXTAUTH_URL, AUTH_URL first", () => {
    expect(actionUrl("session", { env: { NEXTAUTH_URL: "https://legacy.example" }, basePath: "/api/auth" }).url).toBe(
      "https://legacy.example/api/auth/session",
    )
    expect(
      actionUrl("session", { env: { NEXTAUTH_URL: "https://legacy.example", AUTH_URL: "https://new.example" }, basePath: "/api/auth" }).url,
    ).toBe("https://new.example/api/auth/session")
  })

  it("does not warn when AUTH_URL's path equals basePath", () => {
    expect(actionUrl("csrf", { env: { AUTH_URL: "https://app.example/api/auth" }, basePath: "/api/auth" })).toEqual({
      url: "https://app.example/api/auth/csrf",
      warnings: [],
    })
  })

  it("lets basePath win over a different AUTH_URL path, with a warning", () => {
    expect(actionUrl("csrf", { env: { AUTH_URL: "https://app.example/other" }, basePath: "/api/auth" })).toEqual({
      url: "https://app.example/api/auth/csrf",
      warnings: ["env-url-basepath-mismatch"],
    })
  })

  it("counts a trailing slash as a difference", () => {
    expect(actionUrl("csrf", { env: { AUTH_URL: "https://app.example/api/auth/" }, basePath: "/api/auth" }).warnings).toEqual([
      "env-url-basepath-mismatch",
    ])
  })

  it("keeps AUTH_URL's path when there is no basePath", () => {
    expect(actionUrl("providers", { env: { AUTH_URL: "https://app.example/api/auth" } }).url).toBe("https://app.example/api/auth/providers")
  })

  it("keeps AUTH_URL's path when basePath is /", () => {
    expect(actionUrl("providers", { env: { AUTH_URL: "https://app.example/api/auth" }, basePath: "/" }).url).toBe(
      "https://app.example/api/auth/providers",
    )
  })
})

describe("createActionURL from the request", () => {
  it("uses the Host header and the given protocol", () => {
    expect(actionUrl("signin", { headers: { host: "localhost:3000" }, basePath: "/auth" }).url).toBe("http://localhost:3000/auth/signin")
    expect(actionUrl("signin", { protocol: "https:", headers: { host: "app.example" }, basePath: "/auth" }).url).toBe(
      "https://app.example/auth/signin",
    )
  })

  it("prefers X-Forwarded-Host and X-Forwarded-Proto", () => {
    const headers = { host: "internal:8080", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" }
    expect(actionUrl("session", { headers, basePath: "/api/auth" }).url).toBe("https://app.example/api/auth/session")
  })

  it("takes the first entry of forwarded lists a chain of proxies appended to", () => {
    const headers = { host: "internal:8080", "x-forwarded-host": "app.example, internal", "x-forwarded-proto": "https, http" }
    expect(actionUrl("session", { headers, basePath: "/api/auth" }).url).toBe("https://app.example/api/auth/session")
  })

  it("refuses a request without a usable host instead of inventing one", () => {
    expect(() => actionUrl("session", { basePath: "/auth" })).toThrow(TypeError)
    expect(() => actionUrl("session", { headers: { host: "evil.example/path" }, basePath: "/auth" })).toThrow(TypeError)
    expect(() => actionUrl("session", { headers: { host: "app.example", "x-forwarded-proto": "javascript" }, basePath: "/auth" })).toThrow(
      TypeError,
    )
  })

  it("trims the basePath's slashes", () => {
    expect(actionUrl("session", { headers: { host: "app.example" }, basePath: "/api/auth/" }).url).toBe(
      "http://app.example/api/auth/session",
    )
  })

  it("puts the action right after the host without a basePath", () => {
    expect(actionUrl("session", { headers: { host: "app.example" } }).url).toBe("http://app.example/session")
  })
})

describe("isAuthAction", () => {
  it.each(["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "webauthn-options"])(
    "%s is an action",
    (action) => {
      expect(isAuthAction(action)).toBe(true)
    },
  )

  it.each(["", "login", "Signin", "session/", "__proto__", "toString", "constructor"])("%j is not", (action) => {
    expect(isAuthAction(action)).toBe(false)
  })
})
