import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import threadsMark from "./brand-marks/threads.js"

/** The Threads user: `GET /v1.0/me?fields=id,username,threads_profile_picture_url`. */
export interface ThreadsUser {
  id: string
  username?: string
  threads_profile_picture_url?: string
  threads_biography?: string
}

/** The Threads API answers with the user itself; Auth.js's type wraps it in `data`. Both are read. */
export type ThreadsProfile = (ThreadsUser | { data: ThreadsUser }) & ProviderClaims

/**
 * Threads (OAuth 2 with state, `AUTH_THREADS_ID` / `AUTH_THREADS_SECRET`), scope `threads_basic`;
 * the secret goes in the body. Threads shares no email.
 */
export default function Threads(options: OAuthUserConfig<ThreadsProfile> = {}): OAuthConfig<ThreadsProfile> {
  return {
    id: "threads",
    name: "Threads",
    type: "oauth",
    authorization: "https://threads.net/oauth/authorize?scope=threads_basic",
    token: "https://graph.threads.net/oauth/access_token",
    userinfo: "https://graph.threads.net/v1.0/me?fields=id,username,threads_profile_picture_url",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      const user = (profile as { data?: ThreadsUser }).data ?? (profile as ThreadsUser)
      return {
        id: user.id,
        name: user.username || null,
        email: null,
        image: user.threads_profile_picture_url || null,
      }
    },
    style: { mark: threadsMark, bg: "#000", text: "#fff" },
    options,
  }
}
