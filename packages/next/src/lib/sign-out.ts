import { callCore } from "./call-core.js"
import { redirect } from "next/navigation"
import { appRelativeUrl } from "./app-relative-url.js"
import type { ConfigResolver } from "./create-config-resolver.js"
import { serverActionConfig } from "./server-action-config.js"
import { serverRequestContext } from "./server-request.js"
import type { SignOutOptions } from "./types.js"
import { writeCookies } from "./next-headers.js"

/**
 * Server-side `signOut({ redirectTo?, redirect?, federated? })`: ends the session (database row included) and
 * clears its cookies, then redirects (default: the page the action was called from) or, with `redirect: false`,
 * returns the URL it would have gone to. With `federated`, that URL is the provider's end-session endpoint.
 */
export async function signOut(resolveConfig: ConfigResolver, options: SignOutOptions = {}): Promise<string> {
  const config = await resolveConfig(undefined)
  const context = await serverRequestContext("signout", config, { call: "signOut" })
  const callbackUrl = options.redirectTo ?? context.referer ?? "/"
  context.headers.set("content-type", "application/x-www-form-urlencoded")
  const request = new Request(context.url, {
    method: "POST",
    headers: context.headers,
    body: new URLSearchParams({ callbackUrl, ...(options.federated !== undefined ? { federated: String(options.federated) } : {}) }),
  })
  const result: any = await callCore(request, serverActionConfig(config))
  await writeCookies(result?.cookies)
  // No target means core refused the request (a callbackUrl too large to read, say): then the
  // callbackUrl is unchecked, and the error page is where to go, as with SvelteKit.
  const target: string = (result instanceof Response ? result.headers.get("location") : result?.redirect) ?? errorPage(context.url)
  if (options.redirect ?? true) redirect(appRelativeUrl(target, context.url.origin))
  return target
}

function errorPage(signOutUrl: URL): string {
  const page = new URL(signOutUrl)
  page.pathname = page.pathname.replace(/\/signout$/, "/error")
  page.search = "error=Configuration"
  return page.href
}
