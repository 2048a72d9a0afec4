import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import discordMark from "./brand-marks/discord.js"

/** `GET /users/@me` of the Discord API. */
export interface DiscordProfile extends ProviderClaims {
  id: string
  username: string
  /** "0" for accounts on the new unique usernames. */
  discriminator: string
  global_name: string | null
  avatar: string | null
  bot?: boolean
  system?: boolean
  mfa_enabled: boolean
  banner: string | null
  accent_color: number | null
  locale: string
  verified: boolean
  email: string | null
  flags: number
  premium_type: number
  public_flags: number
  /** Set by this provider: the avatar's (or default avatar's) CDN URL. */
  image_url: string
}

/**
 * Discord (OAuth 2, `AUTH_DISCORD_ID` / `AUTH_DISCORD_SECRET`), scopes `identify email`.
 * Discord returns an avatar hash, so the image URL is built here, falling back to the default
 * avatar Discord itself would show.
 */
export default function Discord(options: OAuthUserConfig<DiscordProfile> = {}): OAuthConfig<DiscordProfile> {
  return {
    id: "discord",
    name: "Discord",
    type: "oauth",
    authorization: {
      url: "https://discord.com/api/oauth2/authorize",
      params: { scope: "identify email" },
    },
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    profile(profile) {
      // Kept on the profile too, as Auth.js does, so callbacks receiving `profile` see it.
      profile.image_url = avatarUrl(profile)
      return {
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email,
        image: profile.image_url,
      }
    },
    style: { mark: discordMark, bg: "#5865F2", text: "#fff" },
    options,
  }
}

function avatarUrl(profile: DiscordProfile): string {
  if (profile.avatar !== null) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png"
    return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`
  }
  // Discord's rule for default avatars: by user id on new usernames, by discriminator on legacy ones.
  const index = profile.discriminator === "0" ? Number((BigInt(profile.id) >> 22n) % 6n) : Number.parseInt(profile.discriminator) % 5
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`
}
