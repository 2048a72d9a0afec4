// PLACEHOLDER written by the lead so that core compiles; the OAuth helper replaces this file.
import type { InternalOptions } from "../config/internal-options.js"
import { InvalidProvider } from "../errors.js"
import type { Account, Cookie, Profile, User } from "../types.js"

export async function handleOAuthCallback(
  _params: Record<string, string | undefined>,
  _cookies: Record<string, string>,
  _options: InternalOptions<"oauth" | "oidc">,
): Promise<{ proxyRedirect: string } | { user: User; account: Account; profile: Profile; cookies: Cookie[] }> {
  throw new InvalidProvider("OAuth sign-in is not wired yet")
}
