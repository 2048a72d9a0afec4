import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a "Sign in with Slack" ID token. */
export interface SlackProfile extends ProviderClaims {
  ok: boolean
  sub: string
  email: string
  email_verified: boolean
  date_email_verified: number
  name: string
  picture: string
  given_name: string
  family_name: string
  locale: string
  "https://slack.com/user_id": string
  "https://slack.com/team_id": string
  "https://slack.com/team_name": string
  "https://slack.com/team_domain": string
  "https://slack.com/user_image_512"?: string
}

/**
 * Slack (OpenID Connect, `AUTH_SLACK_ID` / `AUTH_SLACK_SECRET`).
 * Slack does not support PKCE, so the check is a nonce in the ID token instead.
 */
export default function Slack(options: OAuthUserConfig<SlackProfile> = {}): OIDCConfig<SlackProfile> {
  return {
    id: "slack",
    name: "Slack",
    type: "oidc",
    issuer: "https://slack.com",
    checks: ["nonce"],
    style: { brandColor: "#611f69" },
    options,
  }
}
