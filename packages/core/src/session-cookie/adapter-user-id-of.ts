import type { InternalOptions } from "../providers/types.js"
import type { JWT } from "../jwt/types.js"
import { isTokenRevoked } from "../sessions/revocation-checks.js"
import { isCredentialsToken, sessionIdOf } from "./token-marks.js"

/**
 * The adapter user a JWT session stands for (read by readJwtSessionToken, so its own checks were
 * made): the jwt callback's `sub`, unless the token is a credentials sign-in's, whose `sub` is
 * authorize's id and names no adapter user. A callback that rewrote `sub` is asked about afresh
 * against the recorded session, so a session recorded for one user never acts for another
 * (getAccessToken handing out their tokens, or linking an account or a passkey to them).
 */
export async function adapterUserIdOf(session: { decoded: JWT; token: JWT }, options: InternalOptions): Promise<string | undefined> {
  const { decoded, token } = session
  if (typeof token.sub !== "string" || isCredentialsToken(token)) return undefined
  if (sessionIdOf(token) && token.sub !== decoded.sub && (await isTokenRevoked(token, options))) return undefined
  return token.sub
}
