/**
 * The routes the handler loads on their first request. This is the variant for edge runtimes and
 * browsers: a bundler puts every action in the app's one file anyway, and an `import()` there would
 * make it wrap each module the actions reach in a lazy initializer (1.5 KiB gzip more for a Workers
 * app), so the actions are imported statically. Under the `node` condition the package's
 * `#loaders/handler/action-loaders` import (package.json "imports", wired by scripts/bundle.mjs) loads
 * action-loaders.node.ts instead, which imports each action at its first request.
 */
import { callback } from "../actions/callback.js"
import { reauthenticate } from "../actions/reauthenticate.js"
import { signin } from "../actions/signin.js"
import { signout } from "../actions/signout.js"
import { verifyRequest } from "../email/verify-request-view.js"

export const loadSignin = async () => signin
export const loadSignout = async () => signout
export const loadCallback = async () => callback
export const loadVerifyRequest = async () => verifyRequest
export const loadReauthenticate = async () => reauthenticate
