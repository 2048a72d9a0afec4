import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import type { Account } from "../shared-types.js"

/**
 * The user an e-mail address belongs to (a new one, not stored yet, when none does) and the
 * e-mail account that signs it in: what the signIn callback sees when the mail is requested and
 * again when its link or code comes back.
 */
export async function addressUser(identifier: string, options: InternalOptions<"email">): Promise<{ user: AdapterUser; account: Account }> {
  const user: AdapterUser = (await options.adapter!.getUserByEmail(identifier)) ?? {
    id: crypto.randomUUID(),
    email: identifier,
    emailVerified: null,
  }
  return { user, account: { providerAccountId: identifier, userId: user.id, type: "email", provider: options.provider.id } }
}
