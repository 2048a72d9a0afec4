/**
 * Passkey sign-in options for a typed address (`webauthn-options/passkey?action=authenticate&email=…`)
 * asked by a stranger. Auth.js answers with the user's credential ids in `allowCredentials`, so the
 * answer tells whether the address has an account with passkeys, and hands anyone the victim's
 * credential ids. Gatehouse's answer must not depend on the address: the same status, cookies and
 * body (but for the fresh challenge) for a user with passkeys, a user without, and an unknown
 * address, asked once or many times — and the user with passkeys still signs in after typing it.
 * Real requests through Auth() on the real SQLite adapter, real attestations and assertions.
 */
import { afterEach, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { passkeyApp, type PasskeyApp, type PasskeyBrowser } from "../e2e/support/passkey-app.js"

const withPasskey = "victim@example.test"
const withoutPasskey = "emailonly@example.test"
const unknown = "nobody@example.test"

/** What a caller sees of one answer, the per-request challenge blanked out. */
interface Seen {
  status: number
  cookieNames: string[]
  cacheControl: string | null
  body: Record<string, unknown>
  raw: string
}

/** One query from a stranger with no cookies yet (each answer then sets the same first-visit cookies). */
async function ask(email: string): Promise<Seen> {
  const response = await app.browser().options({ action: "authenticate", email })
  const raw = await response.text()
  const body = JSON.parse(raw) as Record<string, unknown> & { options?: { challenge?: string } }
  if (body.options?.challenge) body.options.challenge = "<challenge>"
  const cookieNames = response.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("=")))
  return { status: response.status, cookieNames: cookieNames.sort(), cacheControl: response.headers.get("cache-control"), body, raw }
}

let app: PasskeyApp
let victim: PasskeyBrowser
/** Every address the app looked up by e-mail (the adapter is wrapped when the app first runs, so this is set up before). */
let lookups: string[] = []

async function setUp() {
  const adapter = SQLiteAdapter(":memory:")
  const getUserByEmail = adapter.getUserByEmail!.bind(adapter)
  adapter.getUserByEmail = (email) => {
    lookups.push(email)
    return getUserByEmail(email)
  }
  app = passkeyApp({ adapter })
  victim = app.browser()
  await victim.signUp(withPasskey)
  // A second passkey while signed in, so a list of the victim's credentials would have length 2.
  await victim.signUp(withPasskey)
  await victim.signOut()
  await app.adapter.createUser!({ id: crypto.randomUUID(), email: withoutPasskey, emailVerified: new Date() })
}

afterEach(() => {
  app = undefined as unknown as PasskeyApp
})

describe("passkey sign-in options for a typed address", () => {
  it("are the same for a user with passkeys, a user without, and an unknown address", async () => {
    await setUp()
    const stored = await app.adapter.listAuthenticatorsByUserId!((await app.adapter.getUserByEmail!(withPasskey))!.id)
    expect(stored).toHaveLength(2)

    // Nor may the time it takes: an explicit sign-in does not look the address up at all.
    lookups = []
    const answers = {
      withPasskey: await ask(withPasskey),
      withoutPasskey: await ask(withoutPasskey),
      unknown: await ask(unknown),
    }
    for (const seen of Object.values(answers)) {
      expect(seen.status).toBe(200)
      expect(seen.body.action).toBe("authenticate")
    }
    expect(lookups).toEqual([])
    // (The count is real: the sign-in page's no-action request, which may sign up, does look it up.)
    await app.browser().options({ email: unknown })
    expect(lookups).toEqual([unknown])
    const { raw: _r1, ...reference } = answers.unknown
    for (const { raw: _raw, ...seen } of [answers.withPasskey, answers.withoutPasskey]) expect(seen).toEqual(reference)
  })

  it("give the same answer each time an address is asked (no two queries to compare)", async () => {
    await setUp()
    for (const address of [unknown, withoutPasskey, withPasskey]) {
      const first = await ask(address)
      const again = await ask(address)
      const { raw: _a, ...firstSeen } = first
      const { raw: _b, ...againSeen } = again
      expect(againSeen).toEqual(firstSeen)
    }
  })

  it("never reveal the victim's credential ids", async () => {
    await setUp()
    const user = (await app.adapter.getUserByEmail!(withPasskey))!
    const stored = await app.adapter.listAuthenticatorsByUserId!(user.id)
    const ids = stored.flatMap((a) => [a.credentialID, Buffer.from(a.credentialID, "base64").toString("base64url")])
    // Every spelling an attacker could try, and the no-action form the sign-in page posts.
    for (const email of [withPasskey, "Victim@Example.test", ` ${withPasskey}`]) {
      const { raw } = await ask(email)
      for (const id of ids) expect(raw).not.toContain(id)
      const page = await (await app.browser().options({ email })).text()
      for (const id of ids) expect(page).not.toContain(id)
    }
  })

  it("still let the user with passkeys sign in after typing the address", async () => {
    await setUp()
    const options = await victim.authenticationOptions({ email: withPasskey })
    const signedIn = await victim.callback("authenticate", await victim.authenticator.authenticate(options))
    expect(signedIn.status).toBe(302)
    expect((await victim.session())?.user?.email).toBe(withPasskey)

    // So does the no-action request the sign-in page sends with the e-mail field filled in.
    await victim.signOut()
    const decided = (await (await victim.options({ email: withPasskey })).json()) as { action: string; options: any }
    expect(decided.action).toBe("authenticate")
    await victim.callback("authenticate", await victim.authenticator.authenticate(decided.options))
    expect((await victim.session())?.user?.email).toBe(withPasskey)
  })

  it("name the typed address's credentials only for an app that registers credentials an authenticator cannot find by itself", async () => {
    // Such credentials (registered so under Auth.js) can sign in only when named: the app chose that trade-off.
    app = passkeyApp({ providers: [Passkey({ registrationOptions: { authenticatorSelection: { residentKey: "preferred" } } })] })
    const owner = app.browser()
    const registration = await owner.registrationOptions(withPasskey)
    expect(registration.authenticatorSelection?.residentKey).toBe("preferred")
    await owner.callback("register", await owner.authenticator.register(registration))
    await owner.signOut()

    const listed = (await ask(withPasskey)).body as { options: { allowCredentials?: { id: string }[] } }
    expect(listed.options.allowCredentials).toHaveLength(1)
    const options = await owner.authenticationOptions({ email: withPasskey })
    await owner.callback("authenticate", await owner.authenticator.authenticate(options))
    expect((await owner.session())?.user?.email).toBe(withPasskey)
  })
})
