/**
 * `@gatehouse/core`: sign-in, sign-out and sessions for any web app, behind one
 * `Request` → `Response` handler. Compatible with `@auth/core`.
 */
export { Auth, type AuthConfigInput } from "./handler/auth.js"
export { setEnvDefaults } from "./config/set-env-defaults.js"
export { createActionURL } from "./config/create-action-url.js"
export { configurationError } from "./config/resolve-config.js"
export { isAuthAction } from "./http/is-auth-action.js"
export { raw, skipCSRFCheck, customFetch } from "./auth-options.js"
export type * from "./types.js"
export { getAccessToken, type AccessToken, type AccessTokenWithCookies } from "./server/access-token-of-request.js"
export { listSessions, revokeSessions, revokeUserSessions } from "./server/sessions-of-request.js"
export { requireRecentAuthentication } from "./server/require-recent-authentication.js"
export type { StepUpNeed } from "./step-up/refuse-unless-recent.js"
export {
  checkRecentAuthentication,
  type RecentAuthenticationCheck,
  type RecentAuthenticationNeed,
  type RecentAuthenticationRefusal,
} from "./step-up/check-recent-authentication.js"
export type { SessionAuthentication } from "./step-up/session-authentication.js"
