/**
 * Property tests of the Cookie header's path: the parser, the session-chunk reader and GET
 * /session. For any header an attacker can send: no throw, no 5xx, no prototype pollution,
 * and never a session (forged input cannot decrypt).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Auth } from "../handler/auth.js"
import { base, credentialsConfig } from "@gatehouse/test-kit/credentials-app"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import { headerSafe, hostileText } from "@gatehouse/test-kit/hostile-text"
import { parseCookieHeader } from "./parse-cookie-header.js"
import { readSessionCookie } from "./session-chunks.js"

const sessionName = "authjs.session-token"

/** Cookie headers: free text, or `name=value` pairs whose names often hit the session's. */
const cookieHeader = fc.oneof(
  hostileText(20),
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            sessionName,
            `${sessionName}.0`,
            `${sessionName}.1`,
            `${sessionName}.-1`,
            `${sessionName}.1e2`,
            "__proto__",
            "constructor",
            "authjs.csrf-token",
          ),
          hostileText(3),
        ),
        hostileText(6),
        fc.constantFrom("; ", ";", " ; ", ";;", ", "),
      ),
      { maxLength: 12 },
    )
    .map((pairs) => pairs.map(([name, value, separator]) => `${name}=${value}${separator}`).join("")),
)

describe("Cookie header properties", () => {
  it(
    "parseCookieHeader never throws, yields strings only, and pollutes no prototype",
    () => {
      fc.assert(
        fc.property(cookieHeader, (header) => {
          const cookies = parseCookieHeader(header)
          expect(Object.getPrototypeOf(cookies)).toBeNull()
          for (const key of Object.keys(cookies)) expect(typeof cookies[key]).toBe("string")
          expect(({} as Record<string, unknown>).polluted).toBeUndefined()
          expect(Object.hasOwn(Object.prototype, "authjs.session-token")).toBe(false)
          const session = readSessionCookie(cookies, sessionName)
          expect(session === undefined || typeof session === "string").toBe(true)
        }),
        fuzzBudget(400),
      )
    },
    fuzzTimeout(),
  )

  it(
    "GET /session answers 200 null to any Cookie header: never a 5xx, never a session",
    async () => {
      const config = credentialsConfig()
      await fc.assert(
        fc.asyncProperty(cookieHeader, async (header) => {
          const response = await Auth(new Request(`${base}/session`, { headers: { cookie: headerSafe(header) } }), config)
          expect(response.status).toBe(200)
          expect(await response.json()).toBeNull()
          for (const set of response.headers.getSetCookie()) expect(set).toMatch(/^[^=]+=;.*Max-Age=0/i)
        }),
        fuzzBudget(150),
      )
    },
    fuzzTimeout(),
  )
})
