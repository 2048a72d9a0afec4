import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import fortyTwoSchoolMark from "./brand-marks/42-school.js"

/** `GET /v2/me` of the 42 intranet API (the fields used here; the full user is much larger). */
export interface FortyTwoProfile extends ProviderClaims {
  id: number
  email: string
  login: string
  first_name: string
  last_name: string
  usual_full_name: string | null
  usual_first_name: string | null
  url: string
  displayname: string
  image: { link: string | null; versions?: { large?: string; medium?: string; small?: string; micro?: string } }
  "staff?": boolean
  pool_month?: string | null
  pool_year?: string | null
  campus?: Array<{ id: number; name: string; time_zone: string }>
}

/** 42 School intranet (OAuth 2, `AUTH_42_SCHOOL_ID` / `AUTH_42_SCHOOL_SECRET`), scope `public`. */
export default function FortyTwoSchool(options: OAuthUserConfig<FortyTwoProfile> = {}): OAuthConfig<FortyTwoProfile> {
  return {
    id: "42-school",
    name: "42 School",
    style: { mark: fortyTwoSchoolMark },
    type: "oauth",
    authorization: {
      url: "https://api.intra.42.fr/oauth/authorize",
      params: { scope: "public" },
    },
    token: "https://api.intra.42.fr/oauth/token",
    userinfo: "https://api.intra.42.fr/v2/me",
    profile(profile) {
      return { id: profile.id.toString(), name: profile.usual_full_name, email: profile.email, image: profile.image.link }
    },
    options,
  }
}
