import { nativeCrypto } from "./native-crypto.js"

const text = new TextEncoder()

/** Hex SHA-256 of a string: the hash Auth.js uses for CSRF and e-mail tokens. */
export async function sha256Hex(value: string): Promise<string> {
  if (nativeCrypto) return nativeCrypto.sha256Hex(value)
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", text.encode(value)))
  let hex = ""
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0")
  return hex
}
