/**
 * Deleting the account (issue 33) with JWT sessions and two instances of one app: the instance
 * inside the test and a second Node process on the built packages, sharing one PostgreSQL
 * database. A copy of the deleted user's session cookie is refused at once by the instance that
 * deleted it, and by the other within its revocation check interval; an e-mail-change link is spent
 * once whichever instance it is brought to, and at the same moment to both.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { migrate, PostgresAdapter } from "@gatehouse/adapter-pg"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { afterAll, beforeAll, expect, test } from "vitest"
import { accountApp, accountPost, base, csrfToken, origin, secret, seedPasswordUser, signInWithPassword } from "./support/account-app.js"

const revocationCheck = 1
let database: TemporaryDatabase
let instance: ChildProcess
let instancePort: number
const sink = useSmtpSink()

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

test("an e-mail-change link brought to both processes at once changes the address once; the other is refused", async () => {
  const app = accountApp({
    adapter: PostgresAdapter(database.pool),
    strategy: "jwt",
    issuer: "http://127.0.0.1:9",
    sink: sink(),
    config: { session: { strategy: "jwt", revocationCheckInterval: revocationCheck } } as never,
  })
  const email = uniqueAddress("twice")
  const user = await seedPasswordUser(app.config.adapter!, email, "a long enough passphrase")
  const browser = app.browser()
  await signInWithPassword(browser, email, "a long enough passphrase")
  const newAddress = uniqueAddress("twice-new")
  expect((await accountPost(browser, "/email", { email: newAddress })).status).toBe(200)
  let mail = await sink().nextMail()
  while (!mail.envelope.to.includes(newAddress)) mail = await sink().nextMail()
  const line = (mail.mail.text ?? "").split("\n").find((text) => text.includes("/account/email/confirm?"))!
  const token = new URL(line.trim()).searchParams.get("token")!
  const fields = new URLSearchParams({ csrfToken: await csrfToken(browser), token })
  const headers = { cookie: browser.cookieHeader(origin), "content-type": "application/x-www-form-urlencoded", accept: "application/json" }
  const [here, there] = await Promise.all([
    app.handler(new Request(`${base}/account/email/confirm`, { method: "POST", headers, body: fields })),
    fetch(`http://127.0.0.1:${instancePort}/auth/account/email/confirm`, { method: "POST", headers, body: fields }),
  ])
  expect([here.status, there.status].sort()).toEqual([200, 400])
  // The refused one got past the CSRF token and the session (both processes read them): the link alone was spent.
  expect(await (here.status === 400 ? here : there).json()).toEqual({ error: "invalid-code" })
  expect((await app.config.adapter!.getUser!(user.id))?.email).toBe(newAddress)
  // Spent: neither process takes it again.
  const again = await fetch(`http://127.0.0.1:${instancePort}/auth/account/email/confirm`, { method: "POST", headers, body: fields })
  expect(again.status).toBe(400)
  expect(await again.json()).toEqual({ error: "invalid-code" })
})
