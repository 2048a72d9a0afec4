import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of an Amazon Cognito ID token. */
export interface CognitoProfile extends ProviderClaims {
  sub: string
  name?: string
  email: string
  email_verified?: boolean
  picture?: string
  "cognito:username"?: string
  "cognito:groups"?: string[]
}

/**
 * Amazon Cognito (OpenID Connect, `AUTH_COGNITO_ID` / `AUTH_COGNITO_SECRET` / `AUTH_COGNITO_ISSUER`).
 * The issuer is the user pool: `https://cognito-idp.{region}.amazonaws.com/{userPoolId}`.
 */
export default function Cognito(options: OAuthUserConfig<CognitoProfile> = {}): OIDCConfig<CognitoProfile> {
  return {
    id: "cognito",
    name: "Cognito",
    type: "oidc",
    style: { brandColor: "#C17B9E" },
    options,
  }
}
