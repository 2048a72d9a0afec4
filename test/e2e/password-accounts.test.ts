/**
 * Password accounts end to end (issue 32): the core handler, the real SQLite and PostgreSQL
 * adapters, both session strategies, and every mail through a real SMTP server. Each flow is
 * attacked where it could hand out an account: no session before the address is proven,
 * the same answer for taken and unknown addresses, links and codes once only and newest only,
 * every session ended by a reset.
 */
import { type AdapterDatabase, adapterDatabaseKinds, useAdapterDatabase } from "@gatehouse/test-kit/adapter-databases"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { describe, expect, test } from "vitest"
import {
  base,
  changePassword,
  confirmLink,
  forgot,
  landing,
  mailCode,
  mailLink,
  passwordApp,
  resetWithCode,
  resetWithLink,
  sessionEmail,
  signIn,
  signUp,
  verifyWithCode,
} from "./support/password-app.js"

const sink = useSmtpSink()

/** The stored hash of the user with this address, read from the database itself. */
async function storedHash(database: AdapterDatabase, email: string): Promise<string | undefined> {
  if (database.kind === "SQLite") {
    return database.sqlite
      .prepare("SELECT hash FROM password_hashes JOIN users ON users.id = password_hashes.user_id WHERE users.email = ?")
      .pluck()
      .get(email) as string | undefined
  }
  const result = await database.pool.query(`SELECT hash FROM password_hashes p JOIN users u ON u.id = p."userId" WHERE u.email = $1`, [
    email,
  ])
  return result.rows[0]?.hash
}

/** The next mail to `address` (mails to other addresses, left over by other tests, are passed over). */
async function mailFor(address: string) {
  for (;;) {
    const received = await sink().nextMail()
    if (received.envelope.to.includes(address)) return received
  }
}

/** No mail reaches `address` within a short wait. */
async function noMailFor(address: string) {
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(sink().received.filter((received) => received.envelope.to.includes(address))).toEqual([])
}

/** The answer with what legitimately differs between two requests (cookies, dates) left out. */
async function comparable(response: Response) {
  const headers = [...response.headers].filter(([name]) => name !== "set-cookie" && name !== "date")
  return { status: response.status, headers, body: await response.text() }
}

const strategies = ["database", "jwt"] as const

describe.each(adapterDatabaseKinds)("password accounts on %s", (kind) => {
  const database = useAdapterDatabase(kind, "passwords")

  describe.each(strategies)("with %s sessions", (strategy) => {
    const app = (options: Parameters<typeof passwordApp>[0]["password"] = {}) =>
      passwordApp({ adapter: database().adapter, sink: sink(), strategy, password: options })

    test("sign-up → verification link → signed in; the password works afterwards; the database holds a PHC hash, never the password", async () => {
      const { browser } = app()
      const ada = browser()
      const email = uniqueAddress("signup")
      const password = "a perfectly fine passphrase"

      const answer = await signUp(ada, email, password)
      expect(answer.status).toBe(302)
      expect(answer.headers.get("location")).toBe(`${base}/password/verify`)
      const mail = await mailFor(email)
      expect(mail.mail.subject).toBe("Confirm your address for localhost:3000")

      // Not before the address is proven: the right password is refused like a wrong one.
      const early = await signIn(ada, email, password)
      expect(early.headers.get("location")).toBe(`${base}/signin?error=CredentialsSignin&code=invalid_credentials`)
      expect(await sessionEmail(ada)).toBeUndefined()

      const hash = await storedHash(database(), email)
      expect(hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/)
      expect(hash).not.toContain(password)

      const link = mailLink(mail)
      expect(link.pathname).toBe("/auth/callback/password")
      // A link scanner's GET spends nothing: the page only offers the button.
      expect((await ada.fetch(link.href)).status).toBe(200)
      const verified = await confirmLink(ada, link)
      expect(verified.headers.get("location")).toBe(landing)
      expect(await sessionEmail(ada)).toBe(email)

      // The link is spent.
      const again = await confirmLink(browser(), link)
      expect(again.headers.get("location")).toContain("error=Verification")

      const other = browser()
      expect((await signIn(other, email, password)).headers.get("location")).toBe(landing)
      expect(await sessionEmail(other)).toBe(email)
      expect((await signIn(browser(), email, "a perfectly fine passphrasE")).headers.get("location")).toContain("code=invalid_credentials")
    })

    test("verification by code; a wrong code spends one of 5 attempts, after which even the right code is refused", async () => {
      const { browser } = app()
      const email = uniqueAddress("code")
      await signUp(browser(), email, "another fine passphrase")
      const code = mailCode(await mailFor(email))

      const guesser = browser()
      for (let i = 0; i < 5; i++) {
        const wrong = await verifyWithCode(guesser, email, "AAAA-AAAA")
        expect(wrong.headers.get("location")).toContain("/password/verify?")
        expect(wrong.headers.get("location")).toContain("error=invalid_code")
      }
      const owner = browser()
      expect((await verifyWithCode(owner, email, code)).headers.get("location")).toContain("error=invalid_code")
      expect(await sessionEmail(owner)).toBeUndefined()
    })

    test("the code signs in once, and then the link of the same mail is dead", async () => {
      const { browser } = app()
      const email = uniqueAddress("code-once")
      await signUp(browser(), email, "yet another fine passphrase")
      const mail = await mailFor(email)
      const owner = browser()
      expect((await verifyWithCode(owner, email, mailCode(mail))).headers.get("location")).toBe(landing)
      expect(await sessionEmail(owner)).toBe(email)
      expect((await confirmLink(browser(), mailLink(mail))).headers.get("location")).toContain("error=Verification")
    })

    test("sign-up with a taken address: the same answer byte for byte, an 'exists' mail, and the stored password unchanged", async () => {
      const { browser } = app()
      const taken = uniqueAddress("taken")
      await signUp(browser(), taken, "the owner's passphrase")
      await confirmLink(browser(), mailLink(await mailFor(taken)))
      const hashBefore = await storedHash(database(), taken)

      const fresh = uniqueAddress("fresh")
      const forTaken = await comparable(await signUp(browser(), taken, "an attacker's passphrase"))
      const forFresh = await comparable(await signUp(browser(), fresh, "an attacker's passphrase"))
      expect(forTaken).toEqual(forFresh)

      const exists = await mailFor(taken)
      expect(exists.mail.subject).toBe("Sign-up attempt at localhost:3000")
      expect(mailLink(exists).pathname).toBe("/auth/password/forgot")
      expect(await storedHash(database(), taken)).toBe(hashBefore)
      // The attacker's password does not open the owner's account.
      expect((await signIn(browser(), taken, "an attacker's passphrase")).headers.get("location")).toContain("invalid_credentials")
    })

    test("sign-in: unknown address and known address with a wrong password get the same redirect", async () => {
      const { browser } = app()
      const email = uniqueAddress("known")
      await signUp(browser(), email, "known user passphrase")
      await confirmLink(browser(), mailLink(await mailFor(email)))
      const unknown = await comparable(await signIn(browser(), uniqueAddress("unknown"), "known user passphrase"))
      const wrong = await comparable(await signIn(browser(), email, "not the passphrase"))
      expect(unknown).toEqual(wrong)
      expect(unknown.status).toBe(302)
      expect(unknown.headers).toContainEqual(["location", `${base}/signin?error=CredentialsSignin&code=invalid_credentials`])
    })

    test("forgot: the same answer for known and unknown addresses; only the known one gets a mail", async () => {
      const { browser } = app()
      const email = uniqueAddress("forgot")
      await signUp(browser(), email, "forgettable passphrase")
      await confirmLink(browser(), mailLink(await mailFor(email)))
      const nobody = uniqueAddress("nobody")
      const known = await comparable(await forgot(browser(), email))
      const unknown = await comparable(await forgot(browser(), nobody))
      expect(known).toEqual(unknown)
      expect(known.headers).toContainEqual(["location", `${base}/password/reset?sent=1`])
      const mail = await mailFor(email)
      expect(mail.mail.subject).toBe("Reset your password for localhost:3000")
      await noMailFor(nobody)
    })

    test("reset by link ends the sessions of two browsers, signs this one in, works once, and mails a notice", async () => {
      const { browser } = app()
      const email = uniqueAddress("reset")
      await signUp(browser(), email, "the old passphrase")
      const laptop = browser()
      await confirmLink(laptop, mailLink(await mailFor(email)))
      const phone = browser()
      await signIn(phone, email, "the old passphrase")
      expect(await sessionEmail(laptop)).toBe(email)
      expect(await sessionEmail(phone)).toBe(email)

      await forgot(browser(), email)
      const link = mailLink(await mailFor(email))
      expect(link.pathname).toBe("/auth/password/reset")
      const resetter = browser()
      const done = await resetWithLink(resetter, link, "the new passphrase")
      expect(done.headers.get("location")).toBe(landing)
      expect(await sessionEmail(resetter)).toBe(email)
      expect(await sessionEmail(laptop)).toBeUndefined()
      expect(await sessionEmail(phone)).toBeUndefined()
      expect((await mailFor(email)).mail.subject).toBe("Your password for localhost:3000 was changed")

      expect((await signIn(browser(), email, "the old passphrase")).headers.get("location")).toContain("invalid_credentials")
      expect((await signIn(browser(), email, "the new passphrase")).headers.get("location")).toBe(landing)
      // Once only.
      const replay = await resetWithLink(browser(), link, "a third passphrase")
      expect(replay.headers.get("location")).toContain("error=Verification")
      expect((await signIn(browser(), email, "a third passphrase")).headers.get("location")).toContain("invalid_credentials")
    })

    test("an older reset mail's link and code fail once a newer one was sent", async () => {
      const { browser } = app()
      const email = uniqueAddress("newest")
      await signUp(browser(), email, "the first passphrase")
      await confirmLink(browser(), mailLink(await mailFor(email)))
      await forgot(browser(), email)
      const older = await mailFor(email)
      // The latest-mail marker counts in whole seconds.
      await new Promise((resolve) => setTimeout(resolve, 1100))
      await forgot(browser(), email)
      const newer = await mailFor(email)

      expect((await resetWithLink(browser(), mailLink(older), "from the older mail")).headers.get("location")).toContain(
        "error=Verification",
      )
      expect((await resetWithCode(browser(), email, mailCode(older), "from the older mail")).headers.get("location")).toContain(
        "error=invalid_code",
      )
      expect((await resetWithCode(browser(), email, mailCode(newer), "from the newer mail")).headers.get("location")).toBe(landing)
      expect((await signIn(browser(), email, "from the newer mail")).headers.get("location")).toBe(landing)
    })

    test("a password from the breached list is refused at sign-up, reset and change, and spends nothing", async () => {
      const { browser } = app()
      const email = uniqueAddress("breached")
      const refusedSignUp = await signUp(browser(), email, "iloveyou1")
      expect(refusedSignUp.headers.get("location")).toContain("/password/signup?error=password_common")
      await noMailFor(email)

      await signUp(browser(), email, "an uncommon passphrase")
      const owner = browser()
      await confirmLink(owner, mailLink(await mailFor(email)))
      await forgot(browser(), email)
      const link = mailLink(await mailFor(email))
      const refusedReset = await resetWithLink(browser(), link, "password123")
      expect(refusedReset.headers.get("location")).toContain("error=password_common")
      // The link was not spent by the refused password.
      expect((await resetWithLink(browser(), link, "a better passphrase")).headers.get("location")).toBe(landing)
      await mailFor(email) // the "changed" notice

      const signedIn = browser()
      await signIn(signedIn, email, "a better passphrase")
      const refusedChange = await changePassword(signedIn, { currentPassword: "a better passphrase", password: "qwertyuiop" })
      expect(refusedChange.status).toBe(400)
      expect(await refusedChange.json()).toEqual({ error: "password_common" })
    })

    test("change with the current password ends the other sessions and keeps this one; a wrong one is refused", async () => {
      const { browser } = app()
      const email = uniqueAddress("change")
      await signUp(browser(), email, "changeable passphrase")
      const other = browser()
      await confirmLink(other, mailLink(await mailFor(email)))
      const me = browser()
      await signIn(me, email, "changeable passphrase")

      const wrongCurrent = await changePassword(me, { currentPassword: "not it at all", password: "a changed passphrase" })
      expect(wrongCurrent.status).toBe(400)
      expect(await wrongCurrent.json()).toEqual({ error: "invalid_credentials" })

      const changed = await changePassword(me, { currentPassword: "changeable passphrase", password: "a changed passphrase" })
      expect(changed.status).toBe(200)
      expect(await changed.json()).toEqual({ changed: true, revoked: 1 })
      expect(await sessionEmail(me)).toBe(email)
      expect(await sessionEmail(other)).toBeUndefined()
      expect((await mailFor(email)).mail.subject).toBe("Your password for localhost:3000 was changed")
      expect((await signIn(browser(), email, "a changed passphrase")).headers.get("location")).toBe(landing)

      const anonymous = await changePassword(browser(), { currentPassword: "a changed passphrase", password: "whatever passphrase" })
      expect(anonymous.status).toBe(401)
    })

    test("change without the current password needs a recent sign-in (step-up): refused once the sign-in is older than freshAge", async () => {
      const { browser } = passwordApp({
        adapter: database().adapter,
        sink: sink(),
        strategy,
        config: { session: { strategy, freshAge: 4 } },
      })
      const email = uniqueAddress("step-up")
      await signUp(browser(), email, "a stepped passphrase")
      await confirmLink(browser(), mailLink(await mailFor(email)))
      const stale = browser()
      await signIn(stale, email, "a stepped passphrase")
      await new Promise((resolve) => setTimeout(resolve, 5100))
      const refused = await changePassword(stale, { password: "a stolen-cookie passphrase" })
      expect(refused.status).toBe(401)
      expect(refused.headers.get("www-authenticate")).toContain('error="insufficient_user_authentication"')
      expect((await signIn(browser(), email, "a stolen-cookie passphrase")).headers.get("location")).toContain("invalid_credentials")

      const fresh = browser()
      await signIn(fresh, email, "a stepped passphrase")
      const changed = await changePassword(fresh, { password: "a freshly chosen passphrase" })
      expect(changed.status).toBe(200)
      expect((await signIn(browser(), email, "a freshly chosen passphrase")).headers.get("location")).toBe(landing)
    })
  })
})
