import type { RequestEvent } from "@sveltejs/kit"
import { AuthError } from "@gatehouse/core/errors"
import { reportError } from "@gatehouse/core/integration"
import type { AuthConfig } from "@gatehouse/core/types"

/**
 * Where a server-side sign-in or sign-out sends the browser: `run`'s answer, or for a failure
 * outside core's own error types (logged) the error page with `error=Configuration`, as the route
 * would answer it. AuthErrors (CredentialsSignin…) are the caller's to see, and are rethrown.
 */
export async function orErrorPage(event: Pick<RequestEvent, "url">, config: AuthConfig, run: () => Promise<string>): Promise<string> {
  try {
    return await run()
  } catch (failure) {
    if (failure instanceof AuthError) throw failure
    reportError(config.logger, failure)
    const page = new URL(config.pages?.error ?? `${config.basePath}/error`, event.url)
    page.searchParams.set("error", "Configuration")
    return page.href
  }
}
