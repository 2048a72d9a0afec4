/*
 * Gatehouse for this app. Qwik City runs a route plugin for every request, so the request
 * hook answers /auth/* and puts the session in event.sharedMap for every page.
 *
 * The config function is a lazy segment that Qwik also builds for the browser. Its SQLite
 * and SMTP parts are loaded behind `isServer`, which the browser build replaces with false
 * and drops, so none of it is bundled for the browser.
 */
import { isServer } from "@builder.io/qwik/build"
import { QwikAuth$ } from "@gatehouse/qwik"

export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(async (event) => {
  if (isServer) {
    const { exampleConfig } = await import("../auth/server-config")
    return exampleConfig(event.env)
  }
  throw new Error("The auth config is built on the server only")
})
