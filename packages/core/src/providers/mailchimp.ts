import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import mailchimpMark from "./brand-marks/mailchimp.js"

/** `GET /oauth2/metadata` of Mailchimp: the account and login behind the token. */
export interface MailchimpProfile extends ProviderClaims {
  dc: string
  role: string
  accountname: string
  user_id: number
  login: { email: string; avatar: string | null; login_id: number; login_name: string; login_email: string }
  api_endpoint: string
}

/** Mailchimp (OAuth 2, `AUTH_MAILCHIMP_ID` / `AUTH_MAILCHIMP_SECRET`); named after the account. */
export default function Mailchimp(options: OAuthUserConfig<MailchimpProfile> = {}): OAuthConfig<MailchimpProfile> {
  return {
    id: "mailchimp",
    name: "Mailchimp",
    type: "oauth",
    authorization: "https://login.mailchimp.com/oauth2/authorize",
    token: "https://login.mailchimp.com/oauth2/token",
    userinfo: "https://login.mailchimp.com/oauth2/metadata",
    profile(profile) {
      // Mailchimp login ids are numbers; account ids are stored as strings.
      return { id: String(profile.login.login_id), name: profile.accountname, email: profile.login.email, image: null }
    },
    style: { mark: mailchimpMark, bg: "#000", text: "#fff" },
    options,
  }
}
