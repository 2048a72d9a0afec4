/**
 * Password flows across two instances of one app (issue 32): the instance inside the test (core's
 * source) and a second Node process on the built packages, sharing the PostgreSQL database, the
 * SMTP server and a Redis rate-limit store, behind one public origin. A reset link works once
 * whichever instance gets it, even when both get it at the same moment, and the per-address
 * limit counts the attempts made on both.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { migrate, PostgresAdapter } from "@gatehouse/adapter-pg"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { redisRateLimitStore } from "../../packages/core/src/ratelimit/redis-store.js"
import { confirmLink, landing, mailLink, origin, passwordApp, resetWithLink, signIn, signUp, forgot } from "./support/password-app.js"

const secret = "gatehouse-password-test-secret-with-more-than-32-chars"
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
const redisPrefix = `gatehouse-password-test:${process.pid}:${Date.now()}:`
// Room for the few attempts each flow test makes on its address; the limit tests go past it.
const perAccount = 10
const sink = useSmtpSink()

let database: TemporaryDatabase
let instance: ChildProcess
let instancePort: number
const redis = createClient({ url: redisUrl })

beforeAll(async () => {
  database = await createTemporaryDatabase("password_instances")
  await migrate(database.pool)
  await redis.connect()
  instance = spawn(process.execPath, [join(import.meta.dirname, "support/password-instance.mjs")], {
    env: {
      ...process.env,
      ORIGIN: origin,
      SECRET: secret,
      DB: database.name,
      SMTP_PORT: String(sink().port),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      PER_ACCOUNT: String(perAccount),
    },
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
  const keys = await redis.keys(`${redisPrefix}*`)
  if (keys.length) await redis.del(keys)
  await redis.quit()
  await database?.drop()
})

/** The instance inside the test, on the same database, mail server and Redis store. */
function here() {
  return passwordApp({
    adapter: PostgresAdapter(database.pool),
    sink: sink(),
    strategy: "database",
    config: {
      rateLimit: {
        store: redisRateLimitStore(redis, { prefix: redisPrefix }),
        perIp: false,
        perAccount: { limit: perAccount, window: 60 },
      },
    },
  })
}

/** A browser talking to the second instance: the same public URLs, sent to its port. */
function browserOnSecondInstance(): TestBrowser {
  return new TestBrowser(async (request) => {
    const url = new URL(request.url)
    const body = request.method === "POST" ? await request.arrayBuffer() : undefined
    return fetch(`http://127.0.0.1:${instancePort}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body,
      redirect: "manual",
    })
  })
}

async function mailFor(address: string) {
  for (;;) {
    const received = await sink().nextMail()
    if (received.envelope.to.includes(address)) return received
  }
}

describe("password accounts on two instances", () => {
  test("the second instance signs in a user the first one created (one database)", async () => {
    const { browser } = here()
    const email = uniqueAddress("shared")
    await signUp(browser(), email, "a shared passphrase")
    await confirmLink(browser(), mailLink(await mailFor(email)))
    const there = browserOnSecondInstance()
    expect((await signIn(there, email, "a shared passphrase")).headers.get("location")).toBe(landing)
  })

  test("a reset link works once across instances, also when both receive it at the same moment", async () => {
    const { browser } = here()
    const email = uniqueAddress("reset-race")
    await signUp(browser(), email, "the original passphrase")
    await confirmLink(browser(), mailLink(await mailFor(email)))
    for (let round = 0; round < 2; round++) {
      await forgot(browser(), email)
      const link = mailLink(await mailFor(email))
      const [first, second] = await Promise.all([
        resetWithLink(browser(), link, `passphrase from here ${round}`),
        resetWithLink(browserOnSecondInstance(), link, `passphrase from there ${round}`),
      ])
      const outcomes = [first, second].map((response) => response.headers.get("location") ?? "")
      expect(outcomes.filter((location) => location === landing)).toHaveLength(1)
      expect(outcomes.filter((location) => location.includes("error=Verification"))).toHaveLength(1)
      const winner = outcomes[0] === landing ? `passphrase from here ${round}` : `passphrase from there ${round}`
      const loser = outcomes[0] === landing ? `passphrase from there ${round}` : `passphrase from here ${round}`
      await mailFor(email) // the "changed" notice
      // Sequentially, afterwards, on the other instance: spent there too.
      expect((await resetWithLink(browserOnSecondInstance(), link, "too late")).headers.get("location")).toContain("error=Verification")
      expect((await signIn(browser(), email, winner)).headers.get("location")).toBe(landing)
      expect((await signIn(browser(), email, loser)).headers.get("location")).toContain("invalid_credentials")
    }
  })

  test("the per-address limit counts sign-in attempts made on both instances (Redis)", async () => {
    const { browser } = here()
    const email = uniqueAddress("limited")
    const answers: number[] = []
    for (let attempt = 0; attempt < perAccount + 2; attempt++) {
      const client = attempt % 2 === 0 ? browser() : browserOnSecondInstance()
      answers.push((await signIn(client, email, `wrong passphrase ${attempt}`)).status)
    }
    expect(answers).toEqual([...Array(perAccount).fill(302), 429, 429])
    // The owner of another address is not locked out by it.
    const other = uniqueAddress("not-limited")
    expect((await signIn(browserOnSecondInstance(), other, "whatever passphrase")).status).toBe(302)
  })

  test("forgot is limited per address across instances too: no mail flood", async () => {
    const { browser } = here()
    const email = uniqueAddress("flood")
    await signUp(browser(), email, "a flooded passphrase") // one attempt on the address
    await mailFor(email)
    const statuses: number[] = []
    for (let attempt = 1; attempt < perAccount + 2; attempt++) {
      const client = attempt % 2 === 0 ? browser() : browserOnSecondInstance()
      statuses.push((await forgot(client, email)).status)
    }
    expect(statuses).toEqual([...Array(perAccount - 1).fill(302), 429, 429])
    const mails = sink().received.filter((received) => received.envelope.to.includes(email))
    expect(mails).toHaveLength(1 + perAccount - 1)
  })
})
