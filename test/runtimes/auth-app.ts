/**
 * The app every runtime serves in the runtime scenario suite: what a small edge app has — JWT sessions,
 * credentials, an OpenID provider found by discovery, magic links through an HTTP mail API, the built-in
 * pages, a limiter and session records kept in Redis over HTTP (Upstash's protocol), and a route of its own
 * that reads the session with `getToken`. Only Web APIs: the same bundle runs in workerd, the Edge
 * runtime, Deno, Bun and Node. Storage for users and e-mail tokens is the app's own (a Map, as an app on
 * an edge KV would write it): the runtimes are under test here, not a database.
 */
import { Auth, customFetch } from "@gatehouse/core"
import type { Adapter, AdapterAccount, AdapterAuthenticator, AdapterUser, VerificationToken } from "@gatehouse/core/adapters"
import { getToken } from "@gatehouse/core/jwt"
import Credentials from "@gatehouse/core/providers/credentials"
import Passkey from "@gatehouse/core/providers/passkey"
import Resend from "@gatehouse/core/providers/resend"
import { redisOverHttp, redisRateLimitStore } from "@gatehouse/core/ratelimit"
import { redisSessionStore } from "@gatehouse/core/session-stores"

/** What the test hands every runtime (as bindings, env variables or a global). */
export interface RuntimeAppEnv {
  AUTH_SECRET: string
  /** The dev IdP's issuer on loopback. */
  IDP_ISSUER: string
  IDP_CLIENT_ID: string
  IDP_CLIENT_SECRET: string
  /** Keeps this app's session records apart from the other runtimes' in the one Redis. */
  SESSION_KEY_PREFIX: string
  /** Where the mail API stand-in listens: the Resend provider's requests go there. */
  MAIL_API_URL: string
  REDIS_REST_URL: string
  REDIS_REST_TOKEN: string
}

/**
 * The credentials provider's one password: any username signs in with it (as that name), so each
 * scenario has an account of its own and the limiter's per-account counts never meet across scenarios.
 */
export const credentialsPassword = "analytical engine"

/** Users, accounts, passkeys and e-mail tokens kept in Maps: the methods magic links, OAuth and passkeys need. */
function mapAdapter(): Adapter {
  const users = new Map<string, AdapterUser>()
  const accounts = new Map<string, AdapterAccount>()
  const authenticators = new Map<string, AdapterAuthenticator>()
  const tokens = new Map<string, VerificationToken>()
  const byEmail = (email: string) => [...users.values()].find((user) => user.email === email) ?? null
  return {
    async createUser(user) {
      const created = { ...user, id: crypto.randomUUID() } as AdapterUser
      users.set(created.id, created)
      return created
    },
    getUser: async (id) => users.get(id) ?? null,
    getUserByEmail: async (email) => byEmail(email),
    getUserByAccount: async ({ provider, providerAccountId }) =>
      users.get(accounts.get(`${provider}:${providerAccountId}`)?.userId ?? "") ?? null,
    getAccount: async (providerAccountId, provider) => accounts.get(`${provider}:${providerAccountId}`) ?? null,
    async updateUser(user) {
      const updated = { ...users.get(user.id!)!, ...user } as AdapterUser
      users.set(updated.id, updated)
      return updated
    },
    async linkAccount(account: AdapterAccount) {
      accounts.set(`${account.provider}:${account.providerAccountId}`, account)
      return account
    },
    async createAuthenticator(authenticator) {
      authenticators.set(authenticator.credentialID, authenticator)
      return authenticator
    },
    getAuthenticator: async (credentialID) => authenticators.get(credentialID) ?? null,
    listAuthenticatorsByUserId: async (userId) => [...authenticators.values()].filter((entry) => entry.userId === userId),
    async updateAuthenticatorCounter(credentialID, counter) {
      const updated = { ...authenticators.get(credentialID)!, counter }
      authenticators.set(credentialID, updated)
      return updated
    },
    async createVerificationToken(token) {
      tokens.set(`${token.identifier}:${token.token}`, token)
      return token
    },
    async useVerificationToken({ identifier, token }) {
      const key = `${identifier}:${token}`
      const found = tokens.get(key) ?? null
      tokens.delete(key)
      return found
    },
  }
}

/** The app's `fetch` handler for `env`: `/auth/*` is Gatehouse, `/whoami` the app's own route. */
export function createRuntimeApp(env: RuntimeAppEnv): (request: Request) => Promise<Response> {
  const redis = redisOverHttp({ url: env.REDIS_REST_URL, token: env.REDIS_REST_TOKEN })
  const config = {
    secret: env.AUTH_SECRET,
    trustHost: true,
    basePath: "/auth",
    adapter: mapAdapter(),
    session: {
      strategy: "jwt" as const,
      // Issued sessions and revocations live in Redis (over HTTP): every instance refuses a revoked JWT.
      store: redisSessionStore(redis, { prefix: env.SESSION_KEY_PREFIX }),
      revocationCheckInterval: 1,
    },
    rateLimit: {
      store: redisRateLimitStore(redis),
      perAccount: { limit: 5, window: 60 },
      perIp: false as const,
    },
    experimental: { enableWebAuthn: true },
    providers: [
      Passkey,
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: async ({ username, password }) =>
          typeof username === "string" && password === credentialsPassword ? { id: username, name: username } : null,
      }),
      {
        id: "dev-idp",
        name: "Dev IdP",
        type: "oidc" as const,
        issuer: env.IDP_ISSUER,
        clientId: env.IDP_CLIENT_ID,
        clientSecret: env.IDP_CLIENT_SECRET,
      },
      Resend({
        apiKey: "re_runtime_suite",
        from: "auth@example.test",
        // Resend's servers cannot run here: its requests go to the stand-in on loopback instead.
        [customFetch]: (url: string | URL | Request, init?: RequestInit) => {
          const intended = new URL(url instanceof Request ? url.url : url)
          const headers = new Headers(init?.headers)
          headers.set("x-intended-url", intended.href)
          return fetch(`${env.MAIL_API_URL}${intended.pathname}`, { ...init, headers })
        },
      } as Parameters<typeof Resend>[0]),
    ],
  }
  return async (request) => {
    const { pathname } = new URL(request.url)
    if (pathname === "/whoami") {
      const token = await getToken({ req: request, secret: env.AUTH_SECRET })
      return Response.json({ runtime: runtimeName(), name: token?.name ?? null, sub: token?.sub ?? null })
    }
    return Auth(request, config)
  }
}

/** Which runtime answered, as the runtime itself says: proof the scenario did not run on the test's Node. */
export function runtimeName(): string {
  const global = globalThis as Record<string, unknown>
  if (typeof global.Deno === "object") return "deno"
  if (typeof global.Bun === "object") return "bun"
  if (typeof global.EdgeRuntime === "string") return "edge-runtime"
  if (typeof navigator === "object" && navigator.userAgent === "Cloudflare-Workers") return "workerd"
  if (typeof (global.process as { versions?: { node?: string } })?.versions?.node === "string") return "node"
  return "unknown"
}
