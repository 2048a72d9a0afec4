/**
 * The session-records code an adapter carries may come from another copy of core than the app's:
 * a SvelteKit build bundles core but loads the SQLite adapter (and so its import of
 * `@gatehouse/core/session-records`) from node_modules. A revocation made through one copy must
 * still be refused at once by the other, and the `/sessions` routes' refusals keep their statuses.
 */
import { describe, expect, it, vi } from "vitest"
import { TestBrowser } from "../../../test-kit/src/browser.js"
import { adaCredentials, base, credentialsConfig, signInAsAda } from "../../../test-kit/src/credentials-app.js"
import { type Adapter, sessionRecordsKey } from "../adapters.js"
import { Auth } from "../handler/auth.js"
import { revokeUserSessions } from "../server/sessions-of-request.js"
import type { AuthConfig, SessionStore } from "../types.js"
import { memorySessionStore } from "../sessions/stores/memory-session-store.js"

/** The session-records entry as a second copy of core loads it: every module of it a new instance. */
async function otherCopy(): Promise<typeof import("./index.js")> {
  vi.resetModules()
  const copy = await import("./index.js")
  vi.resetModules()
  return copy
}

async function appWithOtherCopysStore(): Promise<{ config: AuthConfig; store: SessionStore }> {
  const { withSessionRecords } = await otherCopy()
  // The same store methods, carried by the other copy's code instead of this one's.
  const { ...methods } = memorySessionStore()
  const store = withSessionRecords(methods) as SessionStore
  const config = credentialsConfig({
    // Answers are kept for a minute: only the revocation this process remembers refuses the session at once.
    session: { strategy: "jwt", revocationCheckInterval: 60, store },
    providers: [adaCredentials()],
  })
  return { config, store }
}

describe("session records carried by another copy of core", () => {
  it("a revocation through the app's copy (revokeUserSessions) is refused at once by the carried copy's reads", async () => {
    const { config } = await appWithOtherCopysStore()
    const browser = new TestBrowser((request) => Auth(request, config))
    expect((await signInAsAda(browser)).status).toBe(302)
    expect(await (await browser.fetch(`${base}/session`)).json()).not.toBeNull()
    // With only a store, sessions are kept under the token's `sub` (docs/sessions.md).
    expect(await revokeUserSessions(config, "user-1")).toBe(1)
    expect(await (await browser.fetch(`${base}/session`)).json()).toBeNull()
  })

  it("the carried routes' refusals keep their statuses: no CSRF token is 403, a bad target 400", async () => {
    const { config } = await appWithOtherCopysStore()
    const browser = new TestBrowser((request) => Auth(request, config))
    await signInAsAda(browser)
    const noToken = await browser.fetch(`${base}/sessions/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(base).origin },
      body: new URLSearchParams({ scope: "others" }),
    })
    expect(noToken.status).toBe(403)
    const csrf = ((await (await browser.fetch(`${base}/csrf`)).json()) as { csrfToken: string }).csrfToken
    const badTarget = await browser.fetch(`${base}/sessions/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(base).origin },
      body: new URLSearchParams({ csrfToken: csrf, scope: "everything" }),
    })
    expect(badTarget.status).toBe(400)
  })

  it("is a different module indeed (else the tests above prove nothing)", async () => {
    const ours = (await import("./index.js")).withSessionRecords({} as Adapter)[sessionRecordsKey]
    const theirs = (await otherCopy()).withSessionRecords({} as Adapter)[sessionRecordsKey]
    expect(theirs).not.toBe(ours)
  })
})
