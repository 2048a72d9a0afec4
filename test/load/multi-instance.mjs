// Several instances of one app behind a (simulated) load balancer: three load-test servers on
// loopback ports sharing one PostgreSQL database and, optionally, one Redis, all serving the same
// public origin. Clients spread their requests round-robin over the instances. Checks what must
// happen once across instances (rate-limit budget, e-mail link, e-mail code, passkey challenge),
// that sign-out on one instance ends the session on all, and, under load, that restarting
// PostgreSQL or Redis loses and duplicates nothing. Shared by npm test (short) and `npm run load`.
import { createServer } from "node:http"
import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { buildSync } from "esbuild"
import { LoadClient } from "./client.mjs"
import { postgresDatabase } from "./databases.mjs"
import { runLoad, startServer } from "./run-load.mjs"

export { postgresDatabase }

/** What every instance serves, as a balancer in front of them would present it. */
export const publicOrigin = "http://localhost:3000"
const repoRoot = fileURLToPath(new URL("../../", import.meta.url))

/**
 * The software authenticator of the passkey tests (TypeScript), compiled once for plain Node:
 * `npm run load` runs without a TypeScript loader. Real attestations and assertions.
 */
async function loadSoftwareAuthenticator() {
  const outfile = `${repoRoot}.tmp/load/software-authenticator.mjs`
  mkdirSync(`${repoRoot}.tmp/load`, { recursive: true })
  buildSync({
    entryPoints: [`${repoRoot}packages/test-kit/src/software-authenticator.ts`],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    nodePaths: [`${repoRoot}packages/core/node_modules`],
    logLevel: "silent",
  })
  return (await import(outfile)).SoftwareAuthenticator
}

/** Sign-in mails as the app's mail function sends them: collected, and awaited by address. */
async function startMailSink() {
  const mails = []
  const waiting = []
  const server = createServer(async (req, res) => {
    let body = ""
    for await (const chunk of req) body += chunk
    const mail = JSON.parse(body)
    mails.push(mail)
    for (const w of waiting.splice(0)) if (!w.check()) waiting.push(w)
    res.writeHead(204).end()
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    count: (identifier) => mails.filter((m) => m.identifier === identifier).length,
    /** The next mail to `identifier` not yet taken. */
    next(identifier, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail for ${identifier}`)), timeoutMs)
        const w = {
          check() {
            const index = mails.findIndex((m) => m.identifier === identifier && !m.taken)
            if (index < 0) return false
            mails[index].taken = true
            clearTimeout(timer)
            resolve(mails[index])
            return true
          },
        }
        if (!w.check()) waiting.push(w)
      })
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

const randomByte = () => crypto.getRandomValues(new Uint8Array(1))[0]

/**
 * A browser behind the balancer: one cookie jar, each request to the next instance in turn
 * (starting at `offset`), or to the instance `pin` names.
 */
export class ClusterClient extends LoadClient {
  constructor(instances, username, offset = 0) {
    super(publicOrigin, username)
    this.instances = instances
    this.turn = offset
    this.pin = undefined
    // Each browser has an address of its own, as the balancer reports it (used where the
    // instances limit per IP; elsewhere ignored).
    this.headers = { "x-real-ip": `10.${randomByte()}.${randomByte()}.${randomByte()}` }
  }

  nextBase() {
    const origin = this.pin ?? this.instances[this.turn++ % this.instances.length]
    return `${origin}/auth`
  }

  /** Runs `work` with every request going to instance `index`. */
  async on(index, work) {
    this.pin = this.instances[index]
    try {
      return await work()
    } finally {
      this.pin = undefined
    }
  }

  /** Another browser (elsewhere: its own address) holding a copy of this one's cookies, as an attacker who copied them would. */
  copy(offset = 0) {
    const other = new ClusterClient(this.instances, this.username, offset)
    other.jar = new Map(this.jar)
    return other
  }
}

/**
 * Starts `count` instances on one database (and Redis when given), with e-mail and passkeys on.
 * @param {{ count?: number, database: { serverEnv: Record<string, string> }, redisUrl?: string, redisPrefix?: string,
 *   accountLimit?: number, ipLimit?: number, session?: string, revocationCheckInterval?: number }} options
 */
export async function startCluster({
  count = 3,
  database,
  redisUrl,
  redisPrefix,
  accountLimit = 5,
  ipLimit,
  session = "database",
  revocationCheckInterval,
}) {
  const mail = await startMailSink()
  const env = {
    ...database.serverEnv,
    SESSION: session,
    ...(revocationCheckInterval !== undefined ? { REVOCATION_CHECK_INTERVAL: String(revocationCheckInterval), ADAPTER_USERS: "1" } : {}),
    PUBLIC_ORIGIN: publicOrigin,
    MAIL_SINK: mail.url,
    PASSKEYS: "1",
    ACCOUNT_LIMIT: String(accountLimit),
    ...(ipLimit ? { IP_LIMIT: String(ipLimit) } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix ?? `gatehouse-multi:${crypto.randomUUID()}:` } : {}),
  }
  // One at a time: each runs migrate() at start, which several could do at once, but the
  // first start compiles more than the machine's two cores like to share.
  const servers = []
  try {
    for (let i = 0; i < count; i++) servers.push(await startServer(env))
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()))
    await mail.close()
    throw error
  }
  const instances = servers.map((s) => s.origin)
  return {
    instances,
    servers,
    mail,
    accountLimit,
    ipLimit,
    client: (username, offset = 0) => new ClusterClient(instances, username, offset),
    /** The balancer's view for runLoad: requests and errors summed over instances, memory of the first. */
    server: {
      origin: publicOrigin,
      async stats() {
        const all = await Promise.all(servers.map((s) => s.stats()))
        const sum = (pick) => {
          const out = {}
          for (const stats of all) for (const [k, v] of Object.entries(pick(stats))) out[k] = (out[k] ?? 0) + v
          return out
        }
        return {
          requests: all.reduce((n, s) => n + s.requests, 0),
          statuses: sum((s) => s.statuses),
          errors: sum((s) => s.errors),
          memory: all[0].memory,
        }
      },
    },
    async stop() {
      await Promise.all(servers.map((s) => s.stop()))
      await mail.close()
    },
  }
}

const sessionCookie = "authjs.session-token"
const callbackUrl = `${publicOrigin}/home`
const landedWithSession = (response, client) =>
  response.status === 302 && response.headers.get("location") === callbackUrl && client.jar.has(sessionCookie)

/** Asks for limit × instances sign-in mails to one address, round-robin: how many did the instances let through? */
export async function rateLimitBudget(cluster) {
  const email = `budget-${crypto.randomUUID()}@load.test`
  const attempts = cluster.accountLimit * cluster.instances.length
  const client = cluster.client("budget")
  /** @type {Record<number, number>} */
  const statuses = {}
  for (let i = 0; i < attempts; i++) {
    const response = await client.postForm("/signin/email", { email, callbackUrl })
    await response.arrayBuffer()
    statuses[response.status] = (statuses[response.status] ?? 0) + 1
  }
  // Mails are posted before the answer goes out; a moment for the last one to land anyway.
  await new Promise((resolve) => setTimeout(resolve, 200))
  return { attempts, limit: cluster.accountLimit, mailsSent: cluster.mail.count(email), statuses }
}

/** The same for one client address (X-Real-IP, as a proxy sets it; clusters started with `ipLimit`), each attempt for another account. */
export async function ipBudget(cluster) {
  const ip = `192.0.2.${1 + Math.floor(Math.random() * 250)}`
  const attempts = cluster.ipLimit * cluster.instances.length
  const client = cluster.client("ip-budget")
  const addresses = []
  let refused = 0
  for (let i = 0; i < attempts; i++) {
    const email = `ip-${crypto.randomUUID()}@load.test`
    addresses.push(email)
    const csrfToken = await client.csrfToken()
    const response = await client.request("/signin/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-real-ip": ip },
      body: new URLSearchParams({ csrfToken, email, callbackUrl }),
    })
    await response.arrayBuffer()
    if (response.status === 429) refused++
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
  return { attempts, limit: cluster.ipLimit, mailsSent: addresses.filter((a) => cluster.mail.count(a) > 0).length, refused }
}

/** Asks instance `from` for a sign-in mail to a new address: the address and the mail. */
async function mailFor(cluster, from) {
  const email = `once-${crypto.randomUUID()}@load.test`
  const requester = cluster.client("requester")
  const response = await requester.on(from, () => requester.postForm("/signin/email", { email, callbackUrl }))
  await response.arrayBuffer()
  return { email, mail: await cluster.mail.next(email) }
}

/**
 * Posts `fields` to /callback/email from one fresh browser per instance in `at`, all at the same
 * moment (CSRF tokens fetched first), then once more from a browser on `later`. How many signed in?
 */
async function emailCallbacksAtOnce(cluster, fields, at, later) {
  const browsers = at.map((index) => ({ index, client: cluster.client("racer") }))
  for (const b of browsers) b.csrfToken = await b.client.on(b.index, () => b.client.csrfToken())
  const post = (b) =>
    b.client.on(b.index, () =>
      b.client.request("/callback/email", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...fields, csrfToken: b.csrfToken, callbackUrl }),
      }),
    )
  const responses = await Promise.all(browsers.map(post))
  const atOnce = responses.map((r, i) => landedWithSession(r, browsers[i].client))
  const late = { index: later, client: cluster.client("late") }
  late.csrfToken = await late.client.on(later, () => late.client.csrfToken())
  const lateResponse = await post(late)
  const answers = [...responses, lateResponse].map((r) => `${r.status} ${r.headers.get("location") ?? ""}`)
  return { atOnce: atOnce.filter(Boolean).length, racers: atOnce.length, later: landedWithSession(lateResponse, late.client), answers }
}

/** A mailed link, mailed by instance 0, confirmed on instances 1 and 2 at once, then on 0. */
export async function emailLinkOnce(cluster) {
  const { email, mail } = await mailFor(cluster, 0)
  const token = new URL(mail.url).searchParams.get("token")
  return emailCallbacksAtOnce(cluster, { email, token }, [1, 2], 0)
}

/** A mailed code, mailed by instance 1, typed on instances 0 and 2 at once, then on 1. */
export async function emailCodeOnce(cluster) {
  const { email, mail } = await mailFor(cluster, 1)
  return emailCallbacksAtOnce(cluster, { email, code: mail.code }, [0, 2], 1)
}

/**
 * Passkeys across instances, with a synced passkey (signature counter always 0, so only the
 * challenge ledger stands between a captured response and a second sign-in):
 * - one assertion (with its challenge cookie and CSRF token) posted to instances 0 and 1 at once;
 * - an assertion that signed in on instance 0, replayed with the copied cookies to instances 1 and 2.
 */
export async function passkeyChallengeOnce(cluster) {
  const SoftwareAuthenticator = await loadSoftwareAuthenticator()
  const authenticator = new SoftwareAuthenticator(publicOrigin, 0)
  const owner = cluster.client("passkey-owner")
  const email = `passkey-${crypto.randomUUID()}@load.test`

  const registration = await owner.on(0, () =>
    owner.request(`/webauthn-options/passkey?${new URLSearchParams({ action: "register", email })}`),
  )
  const attestation = await authenticator.register((await registration.json()).options)
  const signedUp = await owner.on(1, () => postCeremony(owner, "register", attestation))
  const registered = landedWithSession(signedUp, owner)
  await owner.signOut()

  /** Options from instance `from`, the assertion, and the CSRF token: everything a callback needs. */
  async function ceremony(from) {
    const options = await owner.on(from, () => owner.request("/webauthn-options/passkey?action=authenticate"))
    const assertion = await authenticator.authenticate((await options.json()).options)
    const csrfToken = await owner.csrfToken()
    return { assertion, csrfToken }
  }

  // Two instances receive the same answer at once.
  const raced = await ceremony(2)
  const racers = [owner.copy(), owner.copy()]
  const raceResponses = await Promise.all(
    racers.map((c, i) => c.on(i, () => postCeremony(c, "authenticate", raced.assertion, raced.csrfToken))),
  )
  const atOnce = raceResponses.filter((r, i) => landedWithSession(r, racers[i])).length

  // Signed in on one instance, then replayed to the others.
  const used = await ceremony(0)
  const captured = owner.copy()
  const first = await owner.on(0, () => postCeremony(owner, "authenticate", used.assertion, used.csrfToken))
  const replays = []
  for (const index of [1, 2]) {
    const attacker = captured.copy()
    const response = await attacker.on(index, () => postCeremony(attacker, "authenticate", used.assertion, used.csrfToken))
    replays.push({ index, signedIn: landedWithSession(response, attacker), location: response.headers.get("location") })
  }
  return { registered, atOnce, racers: racers.length, firstSignedIn: landedWithSession(first, owner), replays }
}

function postCeremony(client, action, data, csrfToken) {
  return (csrfToken ? Promise.resolve(csrfToken) : client.csrfToken()).then((token) =>
    client.request("/callback/passkey", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ action, data: JSON.stringify(data), csrfToken: token, callbackUrl }),
    }),
  )
}

/** Signs in (round-robin), signs out on instance 1, and reads the old cookie on every instance. */
export async function signOutEverywhere(cluster, database) {
  const client = cluster.client(`u-signout-${crypto.randomUUID().slice(0, 8)}`)
  const signIn = await client.signIn()
  const token = decodeURIComponent(client.jar.get(sessionCookie) ?? "")
  const readAll = async (jar) =>
    Promise.all(
      cluster.instances.map(async (_, index) => {
        const reader = cluster.client(client.username)
        reader.jar = new Map(jar)
        const { session } = await reader.on(index, () => reader.read())
        return session?.user?.name === client.username
      }),
    )
  const before = await readAll(client.jar)
  const kept = new Map(client.jar)
  const signOut = await client.on(1, () => client.signOut())
  const after = await readAll(kept)
  const rows = await database.check([token])
  return {
    signedIn: signIn.ok,
    readBefore: before,
    signedOut: signOut.ok,
    readAfter: after,
    sessionRowGone: rows.liveSessionsWithoutRow === 1,
  }
}

/**
 * Session management across instances (issue 19): browsers A and B sign in as one user; every
 * instance reads B (so each has checked it and remembers "not revoked"); A revokes B on instance 0.
 * Returns which instances still served B at once and after `waitMs` (the check interval), and A's reads.
 */
export async function revokeAcrossInstances(cluster, { waitMs }) {
  const username = `u-revoke-${crypto.randomUUID().slice(0, 8)}`
  const a = cluster.client(username)
  const b = cluster.client(username, 1)
  const signedIn = (await a.signIn()).ok && (await b.signIn()).ok
  const readAll = (client) =>
    Promise.all(
      cluster.instances.map(async (_, index) => {
        const reader = cluster.client(username)
        reader.jar = new Map(client.jar)
        const { session } = await reader.on(index, () => reader.read())
        return session?.user?.name === username
      }),
    )
  const before = await readAll(b)
  const listed = await a.on(0, async () => (await a.request("/sessions")).json())
  const other = listed.find((info) => !info.current)
  const revoke = await a.on(0, () => a.postForm("/sessions/revoke", { sessionId: other?.id ?? "" }))
  const revoked = await revoke.json()
  const atOnce = await readAll(b)
  await new Promise((resolve) => setTimeout(resolve, waitMs))
  const afterInterval = await readAll(b)
  return { signedIn, listed: listed.length, before, revoked, atOnce, afterInterval, aAfter: await readAll(a) }
}

/**
 * Credentials sign-in, reads, updates and sign-outs from `clients` browsers spread over the
 * instances, with `faults` (see runLoad). Returns runLoad's report and the database's rows.
 * @param {Awaited<ReturnType<typeof startCluster>>} cluster
 * @param {Awaited<ReturnType<typeof postgresDatabase>>} database
 * @param {{ clients: number, seconds: number, faults?: unknown[], sampleEvery?: number }} options
 */
export async function clusterLoad(cluster, database, { clients, seconds, faults = [], sampleEvery }) {
  let n = 0
  const report = await runLoad({
    server: cluster.server,
    clients,
    seconds,
    usernames: (i) => `m${i % Math.ceil(clients * 0.75)}`,
    makeClient: (username) => cluster.client(username, n++),
    faults,
    sampleEvery: sampleEvery ?? (seconds >= 30 ? 5 : 1),
  })
  const rows = await database.check(report.liveTokens)
  const { clientsRef, liveTokens, ...rest } = report
  return {
    report: { ...rest, liveSessions: liveTokens.length },
    rows,
    liveTokens,
    distinctUsers: new Set(clientsRef.map((c) => c.username)).size,
  }
}

/** Everything but the load, on a new database: the exactly-once checks of a deployment. */
export async function exactlyOnceChecks(cluster, database) {
  return {
    rateLimit: await rateLimitBudget(cluster),
    ipRateLimit: cluster.ipLimit ? await ipBudget(cluster) : undefined,
    emailLink: await emailLinkOnce(cluster),
    emailCode: await emailCodeOnce(cluster),
    passkey: await passkeyChallengeOnce(cluster),
    signOut: await signOutEverywhere(cluster, database),
  }
}

/**
 * While the load runs: every `everyMs`, a sign-in mail for a new address requested on one
 * instance and its link confirmed on the next, and a passkey sign-in (options on one instance,
 * answer on another) by one registered user. Each probe's outcome with its time, to be judged
 * against the fault windows. Mail probes create users: their addresses come back for the row checks.
 * The passkey is registered first, before any fault.
 */
export async function prepareProbes(cluster) {
  const SoftwareAuthenticator = await loadSoftwareAuthenticator()
  const authenticator = new SoftwareAuthenticator(publicOrigin, 0)
  const owner = cluster.client("probe-passkey")
  const ownerEmail = `probe-passkey-${crypto.randomUUID()}@load.test`
  const registration = await owner.request(`/webauthn-options/passkey?${new URLSearchParams({ action: "register", email: ownerEmail })}`)
  const registered = await postCeremony(owner, "register", await authenticator.register((await registration.json()).options))
  if (!landedWithSession(registered, owner))
    throw new Error(`the probes' passkey could not be registered: ${registered.status} ${registered.headers.get("location")}`)
  await owner.signOut()
  return { run: (options) => runProbes(cluster, owner, authenticator, options) }
}

async function runProbes(cluster, owner, authenticator, { until, everyMs = 400 }) {
  const probes = []
  const signedInEmails = []
  async function timed(kind, work) {
    const t0 = Date.now()
    let answer
    try {
      answer = await work()
    } catch (error) {
      answer = { ok: false, answer: `failed: ${String(error?.message ?? error).slice(0, 60)}` }
    }
    probes.push({ kind, t0, t1: Date.now(), ok: answer.ok, answer: answer.ok ? "as expected" : answer.answer })
  }
  let turn = 0
  while (Date.now() < until) {
    const from = turn++ % cluster.instances.length
    await timed("emailLink", async () => {
      const email = `probe-${crypto.randomUUID()}@load.test`
      const requester = cluster.client("probe")
      const sent = await requester.on(from, () => requester.postForm("/signin/email", { email, callbackUrl }))
      await sent.arrayBuffer()
      if (sent.status !== 302 || !sent.headers.get("location")?.includes("/verify-request")) {
        return { ok: false, answer: `request ${sent.status} ${new URL(sent.headers.get("location") ?? publicOrigin).search}` }
      }
      const mail = await cluster.mail.next(email, 5000)
      const browser = cluster.client("probe")
      const next = (from + 1) % cluster.instances.length
      const csrfToken = await browser.on(next, () => browser.csrfToken())
      const token = new URL(mail.url).searchParams.get("token")
      const confirmed = await browser.on(next, () =>
        browser.request("/callback/email", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email, token, csrfToken, callbackUrl }),
        }),
      )
      const ok = landedWithSession(confirmed, browser)
      if (ok) signedInEmails.push(email)
      return { ok, answer: `confirm ${confirmed.status} ${new URL(confirmed.headers.get("location") ?? publicOrigin).search}` }
    })
    if (turn % 3 === 0) {
      await timed("passkey", async () => {
        const options = await owner.on(from, () => owner.request("/webauthn-options/passkey?action=authenticate"))
        if (options.status !== 200) return { ok: false, answer: `options ${options.status}` }
        const assertion = await authenticator.authenticate((await options.json()).options)
        const answered = await owner.on((from + 1) % cluster.instances.length, () => postCeremony(owner, "authenticate", assertion))
        const ok = landedWithSession(answered, owner)
        if (owner.signedIn) await owner.signOut().catch(() => {})
        return { ok, answer: `callback ${answered.status} ${new URL(answered.headers.get("location") ?? publicOrigin).search}` }
      })
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  return { probes, signedInEmails }
}

/**
 * The rows of a cluster run: everything that must hold for every row, and for the load's users
 * (named m…) and the mail probes' users separately, since probes add users of their own.
 */
export async function clusterRows(database, liveTokens, probeEmails) {
  const { default: pg } = await import("pg")
  const client = new pg.Client({ ...database.server, database: database.name })
  await client.connect()
  try {
    const one = async (sql, values = []) => Number((await client.query(sql, values)).rows[0].count)
    const stored = new Set((await client.query(`SELECT "sessionToken" FROM sessions`)).rows.map((r) => r.sessionToken))
    return {
      users: await one("SELECT count(*) FROM users"),
      duplicateEmails: await one("SELECT count(*) FROM (SELECT email FROM users GROUP BY email HAVING count(*) > 1) d"),
      accountsWithoutUser: await one(`SELECT count(*) FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a."userId")`),
      sessionsWithoutUser: await one(`SELECT count(*) FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s."userId")`),
      loadUsers: await one("SELECT count(*) FROM users WHERE email LIKE 'm%@load.test'"),
      loadUsersWithoutAccount: await one(
        `SELECT count(*) FROM users u WHERE email LIKE 'm%@load.test' AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a."userId" = u.id)`,
      ),
      probeSignIns: probeEmails.length,
      probeUsersFound: await one("SELECT count(*) FROM users WHERE email = ANY($1)", [probeEmails]),
      liveSessionsWithoutRow: liveTokens.filter((t) => !stored.has(t)).length,
    }
  } finally {
    await client.end()
  }
}

/**
 * The long run: a private PostgreSQL and Redis (restarting the shared ones would break other
 * tests on the machine), three instances, `clients` browsers round-robin for `seconds`, with
 * PostgreSQL restarted at 30 % and Redis at 65 % of the run, mail and passkey probes throughout,
 * then the exactly-once checks on the recovered deployment.
 */
export async function multiInstanceLongRun({ clients, seconds, pgPort = 55432, redisPort = 56379 }) {
  const { startPrivatePostgres, startPrivateRedis } = await import("./private-services.mjs")
  const postgres = await startPrivatePostgres(pgPort)
  const redis = await startPrivateRedis(redisPort).catch(async (error) => {
    await postgres.close()
    throw error
  })
  const down = Math.max(1, seconds / 20)
  const windows = []
  const fault = (name, at, restart) => ({
    name,
    at,
    async run() {
      const window = { name, start: Date.now() }
      windows.push(window)
      await restart(down)
      window.end = Date.now()
      return { downForS: down }
    },
  })
  let database
  let cluster
  try {
    database = await postgresDatabase(postgres.server)
    cluster = await startCluster({ database, redisUrl: redis.url, accountLimit: 5 })
    const prober = await prepareProbes(cluster)
    const started = Date.now()
    const [load, probeRun] = await Promise.all([
      clusterLoad(cluster, database, {
        clients,
        seconds,
        faults: [
          fault("PostgreSQL restarted (stopped, every connection dropped, started again)", seconds * 0.3, (s) => postgres.restart(s)),
          fault("Redis restarted (stopped, its keys lost, started again)", seconds * 0.65, (s) => redis.restart(s)),
        ],
      }),
      prober.run({ until: Date.now() + seconds * 1000 }),
    ])
    const grace = 1000
    const windowOf = (p) => windows.find((w) => p.t1 >= w.start && p.t0 <= (w.end ?? Infinity) + grace)?.name ?? "outside faults"
    const probeOutcomes = {}
    for (const p of probeRun.probes) {
      const bucket = (probeOutcomes[windowOf(p)] ??= {})
      const kinds = (bucket[p.kind] ??= {})
      kinds[p.answer] = (kinds[p.answer] ?? 0) + 1
    }
    const rows = await clusterRows(database, load.liveTokens, probeRun.signedInEmails)
    const checks = await exactlyOnceChecks(cluster, database)
    return {
      report: load.report,
      distinctUsers: load.distinctUsers,
      accountLimit: cluster.accountLimit,
      rows,
      probes: { outcomes: probeOutcomes, count: probeRun.probes.length },
      checksAfterRecovery: checks,
      windows: windows.map((w) => ({
        name: w.name,
        atS: Math.round((w.start - started) / 100) / 10,
        lastedS: Math.round((w.end - w.start) / 100) / 10,
      })),
    }
  } finally {
    await cluster?.stop()
    await database?.drop().catch(() => {})
    await redis.close()
    await postgres.close()
  }
}
