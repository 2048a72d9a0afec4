import type { Action, Handle, RequestEvent } from "@sveltejs/kit"
import { Auth } from "@gatehouse/core"
import { reportError } from "@gatehouse/core/integration"
import { isCrossOriginFormPost } from "@gatehouse/core/server"
import type { AuthConfig, Session } from "@gatehouse/core/types"
import { accessTokenFor } from "./get-access-token.js"
import { authBasePath } from "./auth-base-path.js"
import { isAuthRequest } from "./is-auth-request.js"
import { kitConfigPreparer } from "./prepare-config.js"
import { readForm } from "./read-form.js"
import { readRecentSession, readSession } from "./read-session.js"
import { requestState } from "./request-state.js"
import { localsAccount } from "./locals-account.js"
import { localsSessions } from "./sessions.js"
import { keepPrivateIfSessionWritten } from "./session-dependent-response.js"
import { readSignInForm } from "./read-sign-in-form.js"
import { signInOnServer } from "./sign-in.js"
import { signOutOnServer } from "./sign-out.js"
import type { KitRuntime, SvelteKitAuthConfigInput } from "./types.js"
import type { RecentAuthenticationOptions } from "./read-session.js"

/** What `SvelteKitAuth(config)` returns: the request hook and the `signIn`/`signOut` form actions. */
export interface SvelteKitAuthResult {
  /**
   * The request hook: serves `${base}/auth/*` and gives every request `event.locals.auth()`,
   * `event.locals.getAccessToken()`, `event.locals.sessions` and `event.locals.account()`.
   */
  handle: Handle
  /** Form action (`export const actions = { default: signIn }` in `src/routes/signin/+page.server.ts`). */
  signIn: Action
  /** Form action (`export const actions = { default: signOut }` in `src/routes/signout/+page.server.ts`). */
  signOut: Action
}

/** `SvelteKitAuth` with SvelteKit's runtime values passed in rather than imported, so it runs under plain Node too. */
export function createSvelteKitAuth(input: SvelteKitAuthConfigInput, runtime: KitRuntime): SvelteKitAuthResult {
  const basePath = authBasePath(runtime.base)
  const prepareConfig = kitConfigPreparer(runtime)
  // A config object is the same for every request: prepared once, on the first request that needs
  // it. A failed preparation is not kept, as it was not when each request prepared its own.
  let staticConfig: Promise<AuthConfig> | undefined

  function configFor(event: RequestEvent): Promise<AuthConfig> {
    if (typeof input !== "function") {
      if (!staticConfig) {
        const prepared = (async () => prepareConfig(input))()
        prepared.catch(() => {
          if (staticConfig === prepared) staticConfig = undefined
        })
        staticConfig = prepared
      }
      return staticConfig
    }
    const state = requestState(event)
    // An async wrapper, so a config function that throws synchronously becomes a rejection too.
    state.config ??= (async () => prepareConfig(await input(event)))()
    return state.config
  }

  function sessionFor(event: RequestEvent): Promise<Session | null> {
    const state = requestState(event)
    let session = state.session
    if (!session) {
      session = configFor(event).then(
        (config) => readSession(event, config, runtime),
        // A config function that throws leaves nobody signed in; the error is the app's to see.
        (error) => {
          reportError(undefined, new Error("SvelteKitAuth: the config function threw", { cause: error }))
          return null
        },
      )
      state.session = session
    }
    return session
  }

  const handle: Handle = async ({ event, resolve }) => {
    // With step-up options (`locals.auth({ maxAge, secondFactor })`) the sign-in must be recent and strong enough.
    event.locals.auth ??= (need?: RecentAuthenticationOptions) =>
      need ? configFor(event).then((config) => readRecentSession(event, config, runtime, need)) : sessionFor(event)
    event.locals.getSession ??= event.locals.auth
    event.locals.getAccessToken ??= async (providerId) => accessTokenFor(event, await configFor(event), runtime, providerId)
    event.locals.sessions ??= localsSessions(event, {
      config: configFor,
      runtime,
      // The request's own session is gone: `locals.auth()` must not keep answering from its memo (or,
      // with JWT sessions, from a cookie that is still on this request).
      signedOut: (revoked) => void (requestState(revoked).session = Promise.resolve(null)),
    })
    event.locals.account ??= async () => localsAccount(event, await configFor(event), runtime)
    if (!isAuthRequest(event.url.pathname, basePath)) return keepPrivateIfSessionWritten(event, await resolve(event))
    if (isCrossOriginFormPost(event.request, event.url, basePath)) {
      return new Response("Cross-site POST requests of this content type are forbidden", { status: 403 })
    }
    // The route itself: the browser's request, as it came.
    return Auth(event.request, await configFor(event))
  }

  const signIn: Action = async (event) => {
    const { providerId, options, authorizationParams } = readSignInForm(await readForm(event))
    requestState(event).session = undefined
    return signInOnServer(event, providerId, options, authorizationParams, await configFor(event))
  }

  const signOut: Action = async (event) => {
    const form = await readForm(event)
    const redirectTo = form.get("redirectTo") ?? form.get("callbackUrl")
    requestState(event).session = undefined
    return signOutOnServer(
      event,
      { redirectTo: typeof redirectTo === "string" && redirectTo ? redirectTo : undefined, federated: federatedField(form) },
      await configFor(event),
    )
  }

  return { handle, signIn, signOut }
}

/** The form's `federated` field: "true" or "false" decide, anything else (or none) leaves it to the provider's setting. */
function federatedField(form: FormData): boolean | undefined {
  const value = form.get("federated")
  return value === "true" ? true : value === "false" ? false : undefined
}
