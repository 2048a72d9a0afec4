import { resolveConfig } from "../config/resolve-config.js"
import { AuthError, UnknownAction } from "../errors.js"
import { errorRedirectUrl } from "../handler/auth.js"
import type { ServerInput } from "./server-input.js"
import { serverRequest } from "./server-request.js"

/**
 * Where the browser goes after a server call failed with `error`, as the auth route would have sent
 * it (the sign-in page with `?error=CredentialsSignin&code=…`, the error page with
 * `?error=Configuration`…), for an integration whose form actions redirect on failure. Logs the error
 * through the config's logger, as the route does.
 */
export function failureUrl(error: unknown, input: ServerInput): string {
  const failure = error instanceof Error ? error : new Error(String(error))
  const config = resolveConfig(input.config)
  config.logger.error(failure)
  let request: { url: URL }
  try {
    request = serverRequest(input, { action: "error" }).internal
  } catch {
    // A config that cannot work (or a foreign host) still gets its error page, on the request's own origin.
    request = { url: new URL(input.url ?? config.publicOrigin ?? "http://localhost") }
  }
  return errorRedirectUrl(failure, request, config)
}

/**
 * Where a server-side sign-in or sign-out sends the browser: `run`'s target, or after a failure the
 * page the route would have sent it to (failureUrl, logged). AuthErrors (CredentialsSignin,
 * RateLimited…) are rethrown for the app's code to see, as Auth.js's server-side `signIn` throws them,
 * except a call the route would refuse as a bad request (UnknownAction: a body over 64 kB), whose
 * answer was the error page. With `rethrow: false` every failure becomes its page (Qwik's actions).
 */
export async function targetOrFailure(input: ServerInput, run: () => Promise<string>, rethrow = true): Promise<string> {
  try {
    return await run()
  } catch (error) {
    if (rethrow && error instanceof AuthError && !(error instanceof UnknownAction)) throw error
    return failureUrl(error, input)
  }
}
