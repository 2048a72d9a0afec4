import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import hydraMark from "./brand-marks/hydra.js"

/** Claims of an Ory Hydra ID token (what the login and consent app put in it). */
export interface OryHydraProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string[]
  email?: string
  name?: string
  picture?: string
}

/**
 * Ory Hydra (OpenID Connect, id `hydra`: `AUTH_HYDRA_ID` / `AUTH_HYDRA_SECRET` /
 * `AUTH_HYDRA_ISSUER`). This module is `ory-hydra`; the provider id is `hydra`, as in Auth.js.
 */
export default function OryHydra(options: OAuthUserConfig<OryHydraProfile> = {}): OIDCConfig<OryHydraProfile> {
  return {
    id: "hydra",
    name: "Hydra",
    type: "oidc",
    style: { mark: hydraMark, bg: "#fff", text: "#0F172A" },
    options,
  }
}
