import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a Frontegg ID token. */
export interface FronteggProfile extends ProviderClaims {
  sub: string
  name: string
  email: string
  email_verified: boolean
  picture: string
}

/**
 * Frontegg (OpenID Connect, `AUTH_FRONTEGG_ID` / `AUTH_FRONTEGG_SECRET` / `AUTH_FRONTEGG_ISSUER`);
 * `issuer` is the workspace's login domain. Its endpoints are set from it, not discovered.
 */
export default function Frontegg(options: OAuthUserConfig<FronteggProfile> = {}): OIDCConfig<FronteggProfile> {
  const domain = options.issuer
  return {
    id: "frontegg",
    name: "Frontegg",
    type: "oidc",
    issuer: domain,
    wellKnown: `${domain}/oauth/.well-known/openid-configuration`,
    authorization: `${domain}/oauth/authorize`,
    token: `${domain}/oauth/token`,
    userinfo: `${domain}/identity/resources/users/v2/me`,
    options,
  }
}
