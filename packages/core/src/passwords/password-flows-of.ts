import { AuthError } from "../errors.js"
import type { PasswordConfig, PasswordFlows } from "../providers/types.js"

/**
 * The flows of a Password provider, loaded through its `loadFlows` (which the `Password()` factory
 * sets). A provider object written by hand without it cannot do anything: said plainly.
 */
export async function passwordFlowsOf(provider: Pick<PasswordConfig, "id" | "loadFlows">): Promise<PasswordFlows> {
  if (typeof provider.loadFlows !== "function") {
    throw new AuthError(
      `Provider "${provider.id}" has type "password" but no loadFlows: make it with Password() from @gatehouse/core/providers/password`,
    )
  }
  return provider.loadFlows()
}
