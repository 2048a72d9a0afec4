import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * The gate is a rule about the source, so it is checked on the source: every sign-in callback
 * ends in finishSignIn, and only the gate's own modules make a session. A new way to sign in that
 * started a session itself would skip whatever finishSignIn demands (a second factor, a record).
 */
const src = join(import.meta.dirname, "..")

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : []
  })
}

const files = sourceFiles(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, "utf8") }))

describe("one gate for every sign-in", () => {
  it("every sign-in callback reaches finishSignIn", () => {
    // actions/callback.ts holds the password and passkey callbacks, which load their provider's flows.
    const callbacks = files.filter((file) => file.path.startsWith("actions/callback/") || file.path === "actions/callback.ts")
    expect(callbacks.length).toBeGreaterThanOrEqual(4)
    for (const callback of callbacks) {
      // The e-mail callback reaches it through signInVerifiedEmail, the password and passkey callbacks
      // through their provider's flows (loaded only by apps with that provider): each checked below.
      const reachesGate =
        /finishSignIn\(/.test(callback.text) ||
        /signInVerifiedEmail\(/.test(callback.text) ||
        /passwordFlowsOf\(/.test(callback.text) ||
        /webauthnFlowsOf\(/.test(callback.text)
      expect(reachesGate, `${callback.path} must end its sign-in in finishSignIn`).toBe(true)
    }
    expect(files.find((file) => file.path === "webauthn/webauthn-callback.ts")?.text).toMatch(/finishSignIn\(/)
    const emailSignIn = files.find((file) => file.path === "email/sign-in-verified-email.ts")
    expect(emailSignIn?.text).toMatch(/finishSignIn\(/)
    const passwordCallback = files.find((file) => file.path === "passwords/password-callback.ts")?.text
    expect(passwordCallback).toMatch(/signInWithPassword\(/)
    expect(passwordCallback).toMatch(/verifyAddress\(/)
    // Every password flow that signs a browser in (sign-in, verification, reset) ends in the gate.
    for (const path of ["passwords/sign-in-with-password.ts", "passwords/verify-address.ts", "passwords/reset-password.ts"]) {
      expect(files.find((file) => file.path === path)?.text, path).toMatch(/finishSignIn\(/)
    }
  })

  it("only issueSession starts a session", () => {
    const starters = files.filter((file) => /\bstartSession\(/.test(file.text)).map((file) => file.path)
    expect(starters.sort()).toEqual(["login/issue-session.ts", "session-cookie/start-session.ts"])
  })

  it("only issueSession (and the JWT session record, made inside it) creates a session row", () => {
    const creators = files.filter((file) => /\.createSession\(/.test(file.text)).map((file) => file.path)
    // session-records.ts is where a JWT session's record is written, whoever owns it (the adapter's sessions table among them).
    expect(creators.sort()).toEqual(["login/issue-session.ts", "sessions/session-records.ts"])
    const recorders = files.filter((file) => /\.createOwnedSession\(/.test(file.text)).map((file) => file.path)
    expect(recorders.sort()).toEqual(["sessions/jwt-session-record.ts", "sessions/session-records.ts"])
    const callers = files.filter((file) => /\brecordJwtSession\(/.test(file.text)).map((file) => file.path)
    expect(callers.sort()).toEqual(["session-cookie/start-session.ts", "sessions/jwt-session-record.ts"])
  })

  it("only finishSignIn calls issueSession", () => {
    const callers = files.filter((file) => /\bissueSession\(/.test(file.text)).map((file) => file.path)
    expect(callers.sort()).toEqual(["login/finish-sign-in.ts", "login/issue-session.ts"])
  })
})
