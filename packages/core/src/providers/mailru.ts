import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import mailruMark from "./brand-marks/mailru.js"

/** `GET /userinfo` of Mail.ru OAuth. */
export interface MailruProfile extends ProviderClaims {
  id: string
  name: string
  first_name?: string
  last_name?: string
  nickname?: string
  email: string
  image?: string
}

/**
 * Mail.ru (OAuth 2, `AUTH_MAILRU_ID` / `AUTH_MAILRU_SECRET`), scope `userinfo`; mapped with the
 * default rules (id, name, email).
 */
export default function Mailru(options: OAuthUserConfig<MailruProfile> = {}): OAuthConfig<MailruProfile> {
  return {
    id: "mailru",
    name: "Mail.ru",
    style: { mark: mailruMark },
    type: "oauth",
    authorization: "https://oauth.mail.ru/login?scope=userinfo",
    token: "https://oauth.mail.ru/token",
    userinfo: "https://oauth.mail.ru/userinfo",
    options,
  }
}
