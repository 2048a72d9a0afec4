/**
 * SvelteKit and Qwik hand core their platform's environment ($env, event.env), which need not be
 * process.env (Cloudflare, Deno, Vercel edge). Core's server-side functions under them must read
 * AUTH_URL from there as the integrations' own session reads do. The deployment (test-kit
 * behind-tls-proxy): TLS ends at a proxy, AUTH_URL is in the platform's environment only, and the
 * browser holds the `__Secure-` session cookie issued on https.
 */
import type { RequestEvent } from "@sveltejs/kit"
import { internalOrigin, platformEnv, seedHttpsSession, upstreamAccessToken } from "@gatehouse/test-kit/behind-tls-proxy"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import GitHub from "../../packages/core/src/providers/github.js"
import { createAccessTokenHelper } from "../../packages/qwik/src/get-access-token.js"
import { createSvelteKitAuth } from "../../packages/sveltekit/src/lib/create-sveltekit-auth.js"

const pageUrl = `${internalOrigin}/devices`
const db = new Database(":memory:")
const adapter = SQLiteAdapter(db)
let cookie: string
let savedAuthUrl: string | undefined

beforeAll(async () => {
  savedAuthUrl = process.env.AUTH_URL
  delete process.env.AUTH_URL
  cookie = await seedHttpsSession(adapter)
})

afterAll(() => {
  if (savedAuthUrl !== undefined) process.env.AUTH_URL = savedAuthUrl
  db.close()
})

describe("the platform's environment reaches core's server-side functions", () => {
  test("SvelteKit: locals.sessions.list() and locals.getAccessToken() find the https session", async () => {
    const event = {
      url: new URL(pageUrl),
      request: new Request(pageUrl, { headers: { cookie } }),
      cookies: { set: () => {} },
      locals: {},
    } as unknown as RequestEvent
    const { handle } = createSvelteKitAuth({ adapter, providers: [GitHub] }, { env: platformEnv, dev: false, building: false, base: "" })
    let sessions: unknown = null
    let token: unknown = null
    await handle({
      event,
      resolve: async (e) => {
        sessions = await e.locals.sessions.list()
        token = await e.locals.getAccessToken("github")
        return new Response()
      },
    })
    expect(sessions).toEqual([expect.objectContaining({ current: true })])
    expect(token).toMatchObject({ accessToken: upstreamAccessToken })
  })

  test("Qwik: getAccessToken(event, providerId) finds the https session", async () => {
    const event = {
      url: new URL(pageUrl),
      request: new Request(pageUrl, { headers: { cookie } }),
      env: { get: (name: string) => platformEnv[name] },
      cookie: { set: () => {} },
      sharedMap: new Map(),
    }
    const getAccessToken = createAccessTokenHelper((async () => ({ adapter, providers: [GitHub] })) as never)
    expect(await getAccessToken(event as never, "github")).toMatchObject({ accessToken: upstreamAccessToken })
  })
})
