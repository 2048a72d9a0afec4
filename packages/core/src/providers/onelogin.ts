import type { ClaimsProfile, OAuthUserConfig, OIDCConfig } from "./types.js"

/**
 * OneLogin (OpenID Connect, `AUTH_ONELOGIN_ID` / `AUTH_ONELOGIN_SECRET` / `AUTH_ONELOGIN_ISSUER`);
 * the issuer is `https://<subdomain>.onelogin.com/oidc/2`. (`wellKnown` is informational:
 * discovery always uses the issuer.)
 */
export default function OneLogin(options: OAuthUserConfig<ClaimsProfile> = {}): OIDCConfig<ClaimsProfile> {
  return {
    id: "onelogin",
    name: "OneLogin",
    type: "oidc",
    wellKnown: `${options.issuer}/oidc/2/.well-known/openid-configuration`,
    options,
  }
}
