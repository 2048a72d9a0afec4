import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import clickUpMark from "./brand-marks/click-up.js"

/** `GET /api/v2/user` of the ClickUp API. */
export interface ClickUpProfile extends ProviderClaims {
  user: {
    id: number
    username: string
    email: string
    color: string
    profilePicture: string | null
    initials?: string
    week_start_day?: number | null
    timezone?: string
  }
}

/**
 * ClickUp (OAuth 2 with state, `AUTH_CLICK_UP_ID` / `AUTH_CLICK_UP_SECRET`).
 * The user gets ClickUp's email and picture (Auth.js hands over `profilePicture` and `color`
 * instead, fields a user record has no place for).
 */
export default function ClickUp(options: OAuthUserConfig<ClickUpProfile> = {}): OAuthConfig<ClickUpProfile> {
  return {
    id: "click-up",
    name: "ClickUp",
    type: "oauth",
    authorization: "https://app.clickup.com/api",
    token: "https://api.clickup.com/api/v2/oauth/token",
    userinfo: "https://api.clickup.com/api/v2/user",
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    checks: ["state"],
    profile({ user }) {
      return { id: user.id.toString(), name: user.username, email: user.email, image: user.profilePicture }
    },
    style: { mark: clickUpMark, bg: "#24292f", text: "#fff" },
    options,
  }
}
