import type { InternalOptions } from "../config/internal-options.js"

/**
 * The secret mixed into e-mail token hashes: the provider's own `secret`, else the config's, as
 * Auth.js interpolates it into a string (an array of rotated secrets becomes its comma-joined
 * list, so tokens hashed before a rotation no longer match, exactly as in Auth.js).
 */
export function verificationSecret(options: InternalOptions<"email">): string {
  return `${options.provider.secret ?? options.secret}`
}
