import type { Adapter } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"

/**
 * Removes the user a sign-in created when a later step of that sign-in failed (linking its
 * account, creating its session), so no half-made user stays behind: a user without its account
 * would block every later sign-in with the same e-mail address (OAuthAccountNotLinked).
 * Best effort: the database may be what failed, and the sign-in's own error is what the caller
 * reports, so a failure here is only logged.
 */
export async function undoNewUser(userId: string, options: InternalOptions): Promise<void> {
  const deleteUser = (options.adapter as Adapter | undefined)?.deleteUser
  if (!deleteUser) return
  try {
    await deleteUser(userId)
  } catch (error) {
    options.logger.error(error as Error)
  }
}
