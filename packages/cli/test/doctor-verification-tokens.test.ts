/**
 * `gatehouse doctor --online` tries the adapter's verification tokens for real when e-mail sign-in
 * or passkeys depend on them: a stubbed useVerificationToken (it returns null) would otherwise show
 * up only as passkey ceremonies failing like replays.
 */
import { afterAll, expect, test } from "vitest"
import { runCli } from "./support/run-cli.js"
import { scratchApps } from "./support/scratch-apps.js"

const { app, remove } = scratchApps("doctor")
afterAll(remove)

const secret = "Qm9vdHN0cmFwcGVkLXNlY3JldC1mb3ItZG9jdG9yLXRlc3Rz"

function appWith(useVerificationToken: string) {
  return app(`tokens-${crypto.randomUUID().slice(0, 8)}`, {
    "auth-config.mjs": `
      import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
      import Passkey from "@gatehouse/core/providers/passkey"
      const adapter = SQLiteAdapter(":memory:")
      export default {
        secret: "${secret}",
        adapter: { ...adapter, ${useVerificationToken} },
        providers: [Passkey()],
        experimental: { enableWebAuthn: true },
      }
    `,
  })
}

test("a stubbed useVerificationToken is an error with --online, naming what it must do", async () => {
  const directory = appWith("async useVerificationToken() { return null }")
  const offline = await runCli(["doctor", "auth-config.mjs"], { cwd: directory })
  expect(offline.stdout).not.toContain("adapter-verification-tokens")

  const online = await runCli(["doctor", "auth-config.mjs", "--online"], { cwd: directory })
  expect(online.stderr).toBe("")
  expect(online.code).toBe(1)
  const text = online.stdout.replace(/\s+/g, " ")
  expect(text).toMatch(/error adapter-verification-tokens The adapter's verification tokens \(used by passkey\) do not work:/)
  expect(text).toContain("useVerificationToken did not return the verification token createVerificationToken had just stored")
  expect(text).toContain("fix: Make createVerificationToken store the record and useVerificationToken return it and delete it")
})

test("the shipped adapter passes", async () => {
  const online = await runCli(["doctor", "auth-config.mjs", "--online"], { cwd: appWith("") })
  expect(online.stdout).not.toContain("adapter-verification-tokens")
  expect(online.stdout).toContain("No problems found.")
  expect(online.code).toBe(0)
})
