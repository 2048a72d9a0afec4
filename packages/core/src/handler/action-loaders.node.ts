/**
 * The routes the handler loads on their first request, for Node, Deno and Bun: most requests read a
 * session and never sign in, so an app's start-up does not load the sign-in, callback and sign-out
 * flows, the built-in pages, e-mail and oauth4webapi (Node's module loader pays for each file and
 * byte at import). Same exports as action-loaders.ts, the variant for edge runtimes.
 */
export const loadSignin = () => import("../actions/signin.js").then((m) => m.signin)
export const loadSignout = () => import("../actions/signout.js").then((m) => m.signout)
export const loadCallback = () => import("../actions/callback.js").then((m) => m.callback)
export const loadVerifyRequest = () => import("../email/verify-request-view.js").then((m) => m.verifyRequest)
export const loadReauthenticate = () => import("../actions/reauthenticate.js").then((m) => m.reauthenticate)
