/**
 * Sign-in with an unknown address takes as long as with a known address and a wrong password
 * (issue 32): both verify one scrypt hash with OWASP's parameters (N=2^17, r=8, p=1), the unknown
 * one against a dummy. Real parameters, SQLite, interleaved samples; the medians must be within
 * 20 %, over the 50 samples per side (about a second per sample on a loaded two-core machine,
 * a third of that when idle).
 */
import Database from "better-sqlite3"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { describe, expect, test } from "vitest"
import { owaspScrypt } from "../../packages/core/src/passwords/hash-password.js"
import { confirmLink, mailLink, passwordApp, signIn, signUp } from "./support/password-app.js"

const sink = useSmtpSink()
const samples = 50

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

describe("sign-in timing", () => {
  test("unknown address vs known address with a wrong password: medians within 20 %, with OWASP's scrypt", async () => {
    const sqlite = new Database(":memory:")
    const { browser } = passwordApp({
      adapter: SQLiteAdapter(sqlite),
      sink: sink(),
      strategy: "database",
      password: { hashing: owaspScrypt },
    })
    const email = uniqueAddress("timed")
    await signUp(browser(), email, "a timed passphrase")
    await confirmLink(browser(), mailLink(await sink().nextMail()))

    const timed = async (address: string) => {
      const client = browser()
      await client.csrfToken("http://localhost:3000/auth")
      const started = performance.now()
      const answer = await signIn(client, address, "not the passphrase")
      const elapsed = performance.now() - started
      expect(answer.headers.get("location")).toContain("code=invalid_credentials")
      return elapsed
    }
    // Warm-up: the dummy hash is made on first use, and the first hashes pay for allocation.
    await timed(uniqueAddress("warm-up"))
    await timed(email)

    const unknown: number[] = []
    const known: number[] = []
    for (let i = 0; i < samples; i++) {
      unknown.push(await timed(uniqueAddress("unknown")))
      known.push(await timed(email))
    }
    const [u, k] = [median(unknown), median(known)]
    console.log(`sign-in medians: unknown address ${u.toFixed(1)} ms, known address ${k.toFixed(1)} ms`)
    expect(Math.abs(u - k) / Math.max(u, k)).toBeLessThan(0.2)
    sqlite.close()
  }, 400_000)
})
