import type { AdapterUser } from "@gatehouse/core/adapters"
// Apart from fixtures.ts because it works through a suite context, which itself makes users from fixtures.ts.
import type { SuiteContext } from "./context.js"
import { dateFromNow, newAccount, newAuthenticator, uniqueTag } from "./fixtures.js"

/** A user with one of everything the adapter can hold for a user. */
export async function populatedUser(ctx: SuiteContext, overrides: Partial<AdapterUser> = { emailVerified: dateFromNow(-1000) }) {
  const user = await ctx.createUser(overrides)
  const userId = String(user.id)
  const account = newAccount(userId)
  const passkeyAccountId = `passkey-${uniqueTag()}`
  const sessionToken = `${crypto.randomUUID()}-${uniqueTag()}`
  const authenticator = newAuthenticator(userId, passkeyAccountId)
  if (ctx.has("accounts")) {
    await ctx.adapter.linkAccount(account)
    await ctx.adapter.linkAccount({ userId, type: "webauthn", provider: "passkey", providerAccountId: passkeyAccountId })
  }
  if (ctx.has("sessions")) await ctx.adapter.createSession({ sessionToken, userId, expires: dateFromNow(86_400_000) })
  if (ctx.has("authenticators")) await ctx.adapter.createAuthenticator(authenticator)
  return { user, userId, account, sessionToken, authenticator }
}
