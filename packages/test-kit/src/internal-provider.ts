import { customFetch } from "../../core/src/auth-options.js"
import type { TokenSet } from "../../core/src/shared-types.js"
import type { OAuthConfig, OAuthConfigInternal } from "../../core/src/providers/types.js"

/**
 * The provider as a userinfo `request` receives it from core, built from a catalogue config the
 * way core does for the parts `request` functions read: the userinfo URL parsed, and the fetch
 * override (the provider's own, else the one in the user's options).
 */
export function asInternalProvider(config: OAuthConfig<any>): OAuthConfigInternal<any> {
  const userinfo = config.userinfo
  const url = typeof userinfo === "string" ? userinfo : userinfo?.url
  return {
    ...config,
    [customFetch]: config[customFetch] ?? config.options?.[customFetch],
    userinfo: url ? { url: new URL(url) } : undefined,
    signinUrl: `https://app.example/auth/signin/${config.id}`,
    callbackUrl: `https://app.example/auth/callback/${config.id}`,
    checks: config.checks ?? ["pkce"],
    profile: config.profile ?? ((profile: any) => profile),
    account: () => undefined,
  } as unknown as OAuthConfigInternal<any>
}

/** Calls a catalogue provider's userinfo `request` the way core does after the token exchange. */
export async function requestUserinfo(config: OAuthConfig<any>, tokens: TokenSet): Promise<any> {
  const userinfo = config.userinfo
  if (typeof userinfo !== "object" || !userinfo.request) throw new Error(`${config.id} has no userinfo request`)
  return userinfo.request({ tokens, provider: asInternalProvider(config) })
}

/**
 * A fetch that sends every request to `origin` instead of the third party's host (keeping path
 * and query), recording the URLs it was asked for.
 */
export function fetchRoutedTo(origin: string): typeof fetch & { asked: string[] } {
  const asked: string[] = []
  const routed = (async (input: string | URL | Request, init?: RequestInit) => {
    const original = new URL(input instanceof Request ? input.url : input)
    asked.push(original.href)
    return globalThis.fetch(`${origin}${original.pathname}${original.search}`, init)
  }) as typeof fetch & { asked: string[] }
  routed.asked = asked
  return routed
}
