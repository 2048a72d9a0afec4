/*
 * Gatehouse for this app. Qwik City runs a route plugin for every request, so the request
 * hook answers /auth/* and puts the session in event.sharedMap for every page.
 *
 * The config function is a lazy segment that Qwik also builds for the browser. Its SQLite
 * and SMTP parts are loaded behind `isServer`, which the browser build replaces with false
 * and drops, so none of it is bundled for the browser.
 *
 * `useSessions` and `useRevokeSession` are not exported one by one here: Qwik City runs every
 * loader a matched route module exports on every request, and listing the user's sessions is for
 * the devices page only (routes/devices/index.tsx exports them from `auth`).
 */
import { isServer } from "@builder.io/qwik/build"
import { QwikAuth$ } from "@gatehouse/qwik"

export const auth = QwikAuth$(async (event) => {
  if (isServer) {
    const { exampleConfig } = await import("../auth/server-config")
    return exampleConfig(event.env)
  }
  throw new Error("The auth config is built on the server only")
})

export const { onRequest, useSession, useSignIn, useSignOut } = auth
