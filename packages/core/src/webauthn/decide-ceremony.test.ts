import { describe, expect, it } from "vitest"
import { decideCeremony } from "./decide-ceremony.js"

const known = { user: { email: "k@example.test", id: "1" }, exists: true }
const fresh = { user: { email: "n@example.test" }, exists: false }

describe("decideCeremony (Auth.js's table)", () => {
  it.each([
    // action, signed in, user info, decision
    ["authenticate", false, null, "authenticate"],
    ["authenticate", true, known, "authenticate"],
    ["authenticate", false, fresh, "authenticate"],
    ["register", false, fresh, "register"],
    ["register", false, known, null],
    ["register", false, null, null],
    ["register", true, known, "register"],
    ["register", true, fresh, null],
    [undefined, true, known, null],
    [undefined, false, null, "authenticate"],
    [undefined, false, known, "authenticate"],
    [undefined, false, fresh, "register"],
  ] as const)("action %s, signed in %s, user %j → %s", (action, signedIn, info, decision) => {
    expect(decideCeremony(action, signedIn, info)).toBe(decision)
  })
})
