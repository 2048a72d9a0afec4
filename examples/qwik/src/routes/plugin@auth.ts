/*
 * Gatehouse for this app. Qwik City runs a route plugin for every request, so the request
 * hook answers /auth/* and puts the session in event.sharedMap for every page.
 */
import { QwikAuth$ } from "@gatehouse/qwik"
import { demoProviders } from "../auth/providers"

export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$((event) => ({
  providers: demoProviders(event.env),
}))
