/**
 * Issue 35, hole 8: a JWT minted for an unverified user (a passkey sign-up) was checked against
 * its user at every read, so a read without the database (Next middleware in its own module
 * instance) answered "nobody" and the user was signed out at the next request. The check now runs
 * once per revocation interval, and a check the database cannot answer serves the session.
 */
import { describe, expect, it } from "vitest"
import type { Adapter, AdapterUser } from "../adapters.js"
import { requestOptions } from "../config/request-options.js"
import { resolveConfig } from "../config/resolve-config.js"
import { Auth } from "../handler/auth.js"
import { parseRequest } from "../http/parse-request.js"
import { encode } from "../jwt/encode.js"
import type { JWT } from "../jwt/types.js"
import type { AuthConfig } from "../types.js"
import { readJwtSessionToken } from "./jwt-session-token.js"

const secret = "unverified-owner-checks-test-secret-0123"
const salt = "authjs.session-token"
let serial = 0

/** An adapter whose every user read is counted, and fails while `down` (a module instance without its database). */
function adapterWith(user: (id: string) => AdapterUser | null) {
  const state = { down: false, reads: 0 }
  const adapter = {
    getUser: async (id: string) => {
      state.reads++
      if (state.down) throw new Error("connect ECONNREFUSED 127.0.0.1:5432")
      return user(id)
    },
  } as unknown as Adapter
  return { adapter, state }
}

function config(adapter: Adapter, revocationCheckInterval = 60): AuthConfig {
  const errors: unknown[] = []
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    providers: [],
    adapter,
    session: { strategy: "jwt", revocationCheckInterval },
    logger: { error: (error: unknown) => void errors.push(error), warn: () => {}, debug: () => {} },
  } as AuthConfig
}

/** A fresh passkey sign-up's cookie: an unverified user, marked with the address it signed up with. */
async function signUpCookie(sub: string, email: string): Promise<string> {
  const token: JWT = { sub, email, name: "New", "gatehouse.unverified": { email } }
  return encode({ token, secret, salt })
}

async function getSession(authConfig: AuthConfig, cookie: string) {
  const response = await Auth(new Request("http://localhost:3000/auth/session", { headers: { cookie: `${salt}=${cookie}` } }), authConfig)
  return { body: await response.json(), setCookie: response.headers.getSetCookie() }
}

describe("an unverified user's JWT session (issue 35, hole 8)", () => {
  it("a Next-middleware-like read without the database does not sign out a fresh passkey sign-up, nor clear its cookie", async () => {
    const sub = `passkey-user-${++serial}`
    const { adapter, state } = adapterWith(() => null)
    state.down = true
    const cookie = await signUpCookie(sub, "new@example.test")
    const read = await getSession(config(adapter), cookie)
    expect(read.body?.user?.email).toBe("new@example.test")
    expect(read.setCookie.filter((value) => value.startsWith(`${salt}=`))).toEqual([])
  })

  it("between checks a read makes no adapter call; the check still runs once per interval and ends a token whose address was proven by its owner", async () => {
    const sub = `passkey-user-${++serial}`
    let verified: Date | null = null
    const { adapter, state } = adapterWith((id) => ({ id, email: "typed@example.test", emailVerified: verified }))
    const cookie = await signUpCookie(sub, "typed@example.test")
    const authConfig = config(adapter, 60)
    for (let i = 0; i < 5; i++) expect((await getSession(authConfig, cookie)).body?.user?.email).toBe("typed@example.test")
    expect(state.reads).toBe(1)

    verified = new Date()
    const everyRead = config(adapter, 0)
    const read = await getSession(everyRead, cookie)
    expect(read.body).toBeNull()
    // A later read the database cannot answer keeps the last answer: still nobody's.
    state.down = true
    expect((await getSession(everyRead, cookie)).body).toBeNull()
  })

  it("a token whose user's address changed since it was minted is nobody's", async () => {
    const sub = `passkey-user-${++serial}`
    const { adapter } = adapterWith((id) => ({ id, email: "other@example.test", emailVerified: null }))
    const resolved = resolveConfig(config(adapter, 0))
    const internal = await parseRequest(new Request("http://localhost:3000/auth/session"), resolved.basePath)
    const { options } = await requestOptions(internal, resolved)
    expect(await readJwtSessionToken(await signUpCookie(sub, "typed@example.test"), options)).toEqual({
      signedIn: false,
      clearCookie: true,
    })
  })
})
