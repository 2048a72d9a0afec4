import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { AccountResult } from "./account-answer.js"
import { hasPasskeyProvider } from "./sign-in-methods.js"

/** The longest name kept, in characters: enough for "Ada's work laptop (YubiKey 5C NFC)". */
export const maxPasskeyName = 64

/**
 * POST {basePath}/account/passkeys/rename with the passkey's `id` and a `name` (trimmed, 1 to 64
 * characters, no control characters): names it. Another user's passkey is "not found", as an
 * unknown one (the adapter changes only the user's own). No recent sign-in needed: a name opens
 * nothing. The caller has checked CSRF.
 */
export async function renamePasskey(request: RequestInternal, user: AdapterUser, options: InternalOptions): Promise<AccountResult> {
  if (!hasPasskeyProvider(options)) return { status: 404, error: "not-found" }
  const id = request.body?.id
  if (typeof id !== "string" || id.length === 0 || id.length > 1024) return { status: 400, error: "id-required" }
  const name = typeof request.body?.name === "string" ? request.body.name.trim() : ""
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (name.length === 0 || [...name].length > maxPasskeyName || /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) {
    return { status: 400, error: "invalid-name" }
  }
  const renamed = await options.adapter!.renameAuthenticator(user.id, id, name)
  if (!renamed) return { status: 404, error: "not-found" }
  return { done: "passkey-renamed", body: { id, name } }
}
