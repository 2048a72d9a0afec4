/**
 * SvelteKit and Qwik hand core their platform's environment ($env, event.env), which need not be
 * process.env (Cloudflare, Deno, Vercel edge). Core's server-side functions under them must read
 * AUTH_URL from there as the integrations' own session reads do. The deployment: TLS ends at a
 * proxy, the app sees http://10.0.0.5:3000, AUTH_URL=https://app.example is in the platform's
 * environment only, and the browser holds the `__Secure-` session cookie issued on https.
 */
import type { RequestEvent } from "@sveltejs/kit"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import GitHub from "../../packages/core/src/providers/github.js"
import { createAccessTokenHelper } from "../../packages/qwik/src/get-access-token.js"
import { createSvelteKitAuth } from "../../packages/sveltekit/src/lib/create-sveltekit-auth.js"

const platformEnv: Record<string, string> = {
  AUTH_URL: "https://app.example",
  AUTH_SECRET: "platform-secret-with-at-least-thirty-two-characters",
  AUTH_GITHUB_ID: "platform-client-id",
  AUTH_GITHUB_SECRET: "platform-client-secret",
}
const sessionToken = "session-token-issued-on-https"
const cookie = `__Secure-authjs.session-token=${sessionToken}`
const internalUrl = "http://10.0.0.5:3000/devices"

const db = new Database(":memory:")
const adapter = SQLiteAdapter(db)
let savedAuthUrl: string | undefined

beforeAll(async () => {
  savedAuthUrl = process.env.AUTH_URL
  delete process.env.AUTH_URL
  const user = await adapter.createUser!({ id: "1", name: "Ada", email: "ada@example.test", emailVerified: null })
  await adapter.linkAccount!({
    userId: user.id,
    type: "oauth",
    provider: "github",
    providerAccountId: "gh-1",
    access_token: "upstream-access-token",
    token_type: "bearer",
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  })
  await adapter.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + 3_600_000) })
})

afterAll(() => {
  if (savedAuthUrl !== undefined) process.env.AUTH_URL = savedAuthUrl
  db.close()
})

describe("the platform's environment reaches core's server-side functions", () => {
  test("SvelteKit: locals.sessions.list() and locals.getAccessToken() find the https session", async () => {
    const event = {
      url: new URL(internalUrl),
      request: new Request(internalUrl, { headers: { cookie } }),
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
    expect(token).toMatchObject({ accessToken: "upstream-access-token" })
  })

  test("Qwik: getAccessToken(event, providerId) finds the https session", async () => {
    const event = {
      url: new URL(internalUrl),
      request: new Request(internalUrl, { headers: { cookie } }),
      env: { get: (name: string) => platformEnv[name] },
      cookie: { set: () => {} },
      sharedMap: new Map(),
    }
    const getAccessToken = createAccessTokenHelper((async () => ({ adapter, providers: [GitHub] })) as never)
    expect(await getAccessToken(event as never, "github")).toMatchObject({ accessToken: "upstream-access-token" })
  })
})
