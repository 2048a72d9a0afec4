import { signOut as coreSignOut, targetOrFailure } from "@gatehouse/core/server"
import { redirect } from "next/navigation"
import { appRelativeUrl } from "./app-relative-url.js"
import type { ConfigResolver } from "./create-config-resolver.js"
import { writeCookies } from "./next-headers.js"
import { serverRequestContext } from "./server-request.js"
import type { SignOutOptions } from "./types.js"

/**
 * Server-side `signOut({ redirectTo?, redirect?, federated? })`, through core's `signOut`: ends the
 * session (database row included) and clears its cookies, then redirects (default: the page the
 * action was called from) or, with `redirect: false`, returns the URL it would have gone to. With
 * `federated`, that URL is the provider's end-session endpoint.
 */
export async function signOut(resolveConfig: ConfigResolver, options: SignOutOptions = {}): Promise<string> {
  const config = await resolveConfig(undefined)
  const { input, url, finish, referer } = await serverRequestContext("signout", config, { call: "signOut" })
  const target = await targetOrFailure(input, async () => {
    const { value, cookies } = await coreSignOut({
      ...input,
      redirectTo: options.redirectTo ?? referer ?? "/",
      federated: options.federated,
    })
    await writeCookies(finish(cookies))
    return value.redirect
  })
  if (options.redirect ?? true) redirect(appRelativeUrl(target, url.origin))
  return target
}
