import type { Adapter } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { originalAdapter } from "../config/wrap-adapter.js"

/** Whether the adapter itself (not its wrapper) has `name`. */
export function adapterHas(options: InternalOptions, name: keyof Adapter): boolean {
  return !!options.adapter && typeof (originalAdapter(options.adapter) as Adapter)[name] === "function"
}

/** Whether a passkey provider is configured: only then are passkeys listed and removable here. */
export function hasPasskeyProvider(options: Pick<InternalOptions, "providers">): boolean {
  return options.providers.some((provider) => provider.type === "webauthn")
}
