/**
 * Deleting the account (issue 33) with JWT sessions and two instances of one app: the instance
 * inside the test and a second Node process on the built packages, sharing one PostgreSQL
 * database. A copy of the deleted user's session cookie is refused at once by the instance that
 * deleted it, and by the other within its revocation check interval.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { migrate, PostgresAdapter } from "@gatehouse/adapter-pg"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { afterAll, beforeAll, expect, test } from "vitest"
import { accountApp, accountPost, base, origin, secret, seedPasswordUser, signInWithPassword } from "./support/account-app.js"

const revocationCheck = 1
let database: TemporaryDatabase
let instance: ChildProcess
let instancePort: number

beforeAll(async () => {
  database = await createTemporaryDatabase("account_instances")
  await migrate(database.pool)
  instance = spawn(process.execPath, [join(import.meta.dirname, "support/account-instance.mjs")], {
    env: { ...process.env, ORIGIN: origin, SECRET: secret, DB: database.name, REVOCATION_CHECK: String(revocationCheck) },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const lines = createInterface({ input: instance.stdout! })
  instancePort = await new Promise<number>((resolve, reject) => {
    instance.once("exit", (code) => reject(new Error(`the second instance exited with ${code}`)))
    lines.on("line", (line) => {
      const ready = /^ready (\d+)$/.exec(line)
      if (ready) resolve(Number(ready[1]))
    })
  })
}, 60_000)

afterAll(async () => {
  instance?.kill("SIGTERM")
  await database?.drop()
})

/** The user a session cookie stands for, asked of the second instance (the same public URL, its port). */
async function userOnSecondInstance(cookie: string): Promise<string | undefined> {
  const response = await fetch(`http://127.0.0.1:${instancePort}/auth/session`, { headers: { cookie } })
  return ((await response.json()) as { user?: { email?: string } } | null)?.user?.email
}

test("a copy of a deleted user's JWT cookie is refused here at once and on the second process within the interval", async () => {
  const app = accountApp({
    adapter: PostgresAdapter(database.pool),
    strategy: "jwt",
    issuer: "http://127.0.0.1:9",
    config: { session: { strategy: "jwt", revocationCheckInterval: revocationCheck } } as never,
  })
  const email = uniqueAddress("deleted")
  await seedPasswordUser(app.config.adapter!, email, "a long enough passphrase")
  const browser = app.browser()
  await signInWithPassword(browser, email, "a long enough passphrase")
  const copied = browser.cookieHeader(origin)
  expect(await userOnSecondInstance(copied)).toBe(email)

  expect((await accountPost(browser, "/delete")).status).toBe(200)
  const here = await app.handler(new Request(`${base}/session`, { headers: { cookie: copied } }))
  expect(((await here.json()) as { user?: unknown } | null)?.user).toBeUndefined()
  await new Promise((resolve) => setTimeout(resolve, revocationCheck * 1000 + 200))
  expect(await userOnSecondInstance(copied)).toBeUndefined()
})
