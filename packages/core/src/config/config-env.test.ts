/**
 * The environment an integration fills a config from (setEnvDefaults) is the one core reads for that
 * config afterwards, in the server-side functions too. The deployment (test-kit behind-tls-proxy):
 * TLS ends at a proxy and AUTH_URL lives in the platform's environment only; a function that builds
 * its URL from process.env alone looks for the plain cookie and finds nobody signed in.
 */
import { SQLiteAdapter } from "../../../adapter-sqlite/src/index.js"
import Database from "better-sqlite3"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { internalOrigin, platformEnv, seedHttpsSession, upstreamAccessToken } from "../../../test-kit/src/behind-tls-proxy.js"
import { silentLogger } from "../../../test-kit/src/credentials-app.js"
import type { Adapter } from "../adapters.js"
import { getAccessToken } from "../server/access-token-of-request.js"
import GitHub from "../providers/github.js"
import { listSessions, revokeSessions } from "../server/sessions-of-request.js"
import type { AuthConfig } from "../types.js"
import { configEnv } from "./config-env.js"
import { setEnvDefaults } from "./set-env-defaults.js"

let db: Database.Database
let adapter: Adapter
let cookie: string
let savedAuthUrl: string | undefined

beforeEach(async () => {
  // The point of the test: process.env knows nothing of AUTH_URL.
  savedAuthUrl = process.env.AUTH_URL
  delete process.env.AUTH_URL
  db = new Database(":memory:")
  adapter = SQLiteAdapter(db)
  cookie = await seedHttpsSession(adapter)
})

afterEach(() => {
  if (savedAuthUrl !== undefined) process.env.AUTH_URL = savedAuthUrl
  db.close()
})

/** The app's config as an integration hands it to core: filled from the platform's environment. */
function filledConfig(): AuthConfig {
  const config: AuthConfig = { adapter, providers: [GitHub], logger: silentLogger() }
  setEnvDefaults(platformEnv, config)
  return config
}

/** What the app sees behind the proxy: plain http on an internal address, the browser's https cookie. */
function requestBehindProxy(): Request {
  return new Request(`${internalOrigin}/auth/session`, { headers: { host: new URL(internalOrigin).host, cookie } })
}

describe("a config filled from a platform environment", () => {
  it("listSessions finds the session by the cookie AUTH_URL's https origin names", async () => {
    const sessions = await listSessions(requestBehindProxy(), filledConfig())
    expect(sessions).toHaveLength(1)
    expect(sessions![0]).toMatchObject({ current: true })
  })

  it("revokeSessions ends it and clears that cookie", async () => {
    const result = await revokeSessions(requestBehindProxy(), filledConfig(), { scope: "all" })
    expect(result).toMatchObject({ revoked: 1, signedOut: true })
    expect(result.setCookie.join("\n")).toContain("__Secure-authjs.session-token=;")
    expect(db.prepare("SELECT count(*) FROM sessions").pluck().get()).toBe(0)
  })

  it("getAccessToken reads the request as pinned to AUTH_URL's origin", async () => {
    expect(await getAccessToken(requestBehindProxy(), filledConfig(), "github")).toMatchObject({ accessToken: upstreamAccessToken })
  })

  it("the same config, not filled from it, reads process.env and sees nobody (what the integrations did before)", async () => {
    const config: AuthConfig = { secret: platformEnv.AUTH_SECRET, adapter, providers: [GitHub], logger: silentLogger() }
    expect(await listSessions(requestBehindProxy(), config)).toBeNull()
    expect(await getAccessToken(requestBehindProxy(), config, "github")).toBeNull()
  })
})

describe("configEnv", () => {
  it("is the given environment with process.env behind it, readable by name and listable", () => {
    const config: AuthConfig = { providers: [] }
    setEnvDefaults({ AUTH_URL: "https://app.example", PATH: "/platform/bin" }, config)
    const env = configEnv(config)
    expect(env.AUTH_URL).toBe("https://app.example")
    expect(env.PATH).toBe("/platform/bin")
    expect(env.NODE_ENV).toBe(process.env.NODE_ENV)
    expect({ ...env }).toMatchObject({ AUTH_URL: "https://app.example", PATH: "/platform/bin", NODE_ENV: process.env.NODE_ENV })
  })

  it("survives the integrations' copies of the config", () => {
    const config: AuthConfig = { providers: [] }
    setEnvDefaults({ AUTH_URL: "https://app.example" }, config)
    expect(configEnv({ ...config }).AUTH_URL).toBe("https://app.example")
  })

  it("is process.env for a config never filled", () => {
    expect(configEnv({ providers: [] })).toBe(process.env)
  })
})
