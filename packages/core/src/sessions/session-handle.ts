import { sha256Hex } from "../crypto/sha256-hex.js"

/**
 * The id a session is listed and revoked by: a one-way handle of its token, so that listing
 * sessions never hands a page script another browser's session token (or a JWT session's
 * record key), and the same session always has the same id.
 */
export async function sessionHandle(sessionToken: string): Promise<string> {
  return (await sha256Hex(`gatehouse-session:${sessionToken}`)).slice(0, 32)
}
