/**
 * Property tests of action paths (Better Auth GHSA-x732-6j76-qmhm: `//path` read as `/path`
 * bypassed path-keyed rules). Any path either is refused with UnknownAction or names one
 * known action and at most one provider id, and no spelling with an empty segment, an encoded
 * separator turned into a real one, or a dot segment is read as a different action.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { UnknownAction } from "../errors.js"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import { hostileText } from "@gatehouse/test-kit/hostile-text"
import { isAuthAction } from "./is-auth-action.js"
import { parseActionPath } from "./parse-request.js"

const segment = fc.oneof(
  fc.constantFrom(
    "signin",
    "callback",
    "session",
    "webauthn-options",
    "csrf",
    "credentials",
    "github",
    "",
    ".",
    "..",
    "%2F",
    "%2f",
    "%5C",
    "a%2Fb",
    "undefined",
  ),
  hostileText(3),
)
const pathname = fc
  .tuple(
    fc.constantFrom("/auth", "/auth/", "//auth", "/api/auth", "/AUTH"),
    fc.array(segment, { maxLength: 4 }),
    fc.constantFrom("", "/", "//"),
  )
  .map(([prefix, segments, tail]) => `${prefix}/${segments.join("/")}${tail}`)

/** Refused, or read as exactly `/auth/<action>[/<id>]` plus trailing slashes: nothing else. */
function expectRefusedOrCanonical(path: string) {
  let parsed: ReturnType<typeof parseActionPath>
  try {
    parsed = parseActionPath(path, "/auth")
  } catch (error) {
    expect(error).toBeInstanceOf(UnknownAction)
    return
  }
  expect(isAuthAction(parsed.action)).toBe(true)
  const canonical = `/auth/${parsed.action}${parsed.providerId === undefined ? "" : `/${parsed.providerId}`}`
  // Auth.js reads a provider id of "undefined" as none: that spelling is the one other way in.
  const spelled = path.replace(/\/+$/, "").replace(/\/undefined$/, "")
  expect(spelled).toBe(canonical)
  expect(parsed.providerId ?? "-").not.toMatch(/^$|\//)
}

describe("action path properties", () => {
  it(
    "a path is refused, or read as exactly `/auth/<action>[/<id>]` with optional trailing slashes",
    () => {
      fc.assert(fc.property(pathname, expectRefusedOrCanonical), fuzzBudget(3000))
    },
    fuzzTimeout(),
  )

  it(
    "through the URL parser too (what a server hands over): the same holds",
    () => {
      fc.assert(
        fc.property(pathname, (path) => {
          let url: URL
          try {
            url = new URL(path, "http://localhost")
          } catch {
            return
          }
          expectRefusedOrCanonical(url.pathname)
        }),
        fuzzBudget(3000),
      )
    },
    fuzzTimeout(),
  )
})
