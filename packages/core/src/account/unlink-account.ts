import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { AccountResult } from "./account-answer.js"
import { accountHandle } from "./account-summary.js"
import { methodsLeft, signInMethods, stillHasAWayIn } from "./sign-in-methods.js"

/**
 * POST {basePath}/account/unlink with `provider` (and `handle`, from GET /account, when the user
 * has several accounts there): removes that account, unless it is the user's last way to sign in
 * (409 `last-method`). The caller has checked CSRF and the recent sign-in.
 */
export async function unlinkAccount(request: RequestInternal, user: AdapterUser, options: InternalOptions): Promise<AccountResult> {
  const provider = request.body?.provider
  const handle = request.body?.handle
  if (typeof provider !== "string" || provider.length === 0 || provider.length > 256) return { status: 400, error: "provider-required" }
  if (handle !== undefined && typeof handle !== "string") return { status: 400, error: "invalid-handle" }
  const methods = await signInMethods(user, options)
  const candidates = methods.allAccounts.filter((account) => account.provider === provider && account.type !== "webauthn")
  const handles = await Promise.all(candidates.map(accountHandle))
  const matching = handle ? candidates.filter((_, index) => handles[index] === handle) : candidates
  if (matching.length === 0) return { status: 404, error: "not-linked" }
  if (matching.length > 1) return { status: 400, error: "handle-required" }
  const account = matching[0]!
  if (methodsLeft(methods, { account }) === 0) return { status: 409, error: "last-method" }
  const adapter = options.adapter!
  await adapter.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
  if (!(await stillHasAWayIn(user, options))) {
    // Another removal ran at the same time: the account goes back as it was listed, tokens included.
    await adapter.linkAccount(account)
    return { status: 409, error: "last-method" }
  }
  options.logger.debug("account: unlinked", { provider })
  await emitEvent(options, "unlinkAccount", {
    user,
    account: { provider: account.provider, providerAccountId: account.providerAccountId, type: account.type },
  })
  return { done: "unlinked" }
}
