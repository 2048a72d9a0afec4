import { fetchProviderJson, type ProviderFetchSource } from "./fetch-provider-json.js"
import type { Profile } from "../shared-types.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import githubMark from "./brand-marks/github.js"

/** One entry of `GET /user/emails`. */
export interface GitHubEmail {
  email: string
  primary: boolean
  verified: boolean
  visibility: "public" | "private" | null
}

/** `GET /user` of the GitHub REST API (the authenticated user). */
export interface GitHubProfile extends ProviderClaims {
  login: string
  id: number
  node_id: string
  avatar_url: string
  gravatar_id: string | null
  url: string
  html_url: string
  type: string
  site_admin: boolean
  name: string | null
  company: string | null
  blog: string | null
  location: string | null
  /** The public email only: null when the user keeps every address private. */
  email: string | null
  hireable: boolean | null
  bio: string | null
  twitter_username?: string | null
  public_repos: number
  public_gists: number
  followers: number
  following: number
  created_at: string
  updated_at: string
  two_factor_authentication?: boolean
}

export interface GitHubOptions extends OAuthUserConfig<GitHubProfile> {
  /** GitHub Enterprise Server: the instance's base URL, e.g. `https://github.example.com`. */
  enterprise?: { baseUrl?: string }
}

/**
 * GitHub (OAuth 2, `AUTH_GITHUB_ID` / `AUTH_GITHUB_SECRET`).
 * GitHub's `/user` shows only a public email, so when it has none the primary address is read
 * from `/user/emails` (hence the `user:email` scope).
 */
export default function GitHub(options: GitHubOptions = {}): OAuthConfig<GitHubProfile> {
  const enterpriseBaseUrl = options.enterprise?.baseUrl
  const webBaseUrl = enterpriseBaseUrl ?? "https://github.com"
  const apiBaseUrl = enterpriseBaseUrl ? `${enterpriseBaseUrl}/api/v3` : "https://api.github.com"
  // GitHub's API rejects requests without a User-Agent.
  const headers = { "User-Agent": "gatehouse" }

  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    issuer: `${webBaseUrl}/login/oauth`,
    authorization: {
      url: `${webBaseUrl}/login/oauth/authorize`,
      params: { scope: "read:user user:email" },
    },
    token: `${webBaseUrl}/login/oauth/access_token`,
    userinfo: {
      url: `${apiBaseUrl}/user`,
      async request({ tokens, provider }) {
        const profile = (await fetchProviderJson(provider, provider.userinfo!.url, {
          accessToken: tokens.access_token,
          headers,
        })) as Profile
        if (!profile.email) profile.email = await readPrimaryEmail(provider, apiBaseUrl, tokens.access_token, headers)
        return profile
      },
    },
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email,
        image: profile.avatar_url,
      }
    },
    style: { mark: githubMark, bg: "#24292f", text: "#fff" },
    options,
  }
}

/** The primary address (else the first one), or null when GitHub will not list them. */
async function readPrimaryEmail(
  provider: ProviderFetchSource,
  apiBaseUrl: string,
  accessToken: string | undefined,
  headers: Record<string, string>,
): Promise<string | null> {
  let emails: GitHubEmail[]
  try {
    emails = (await fetchProviderJson(provider, `${apiBaseUrl}/user/emails`, { accessToken, headers })) as GitHubEmail[]
  } catch {
    // Without the user:email grant the list is refused; the user simply has no email then.
    return null
  }
  if (!Array.isArray(emails) || emails.length === 0) return null
  return (emails.find((entry) => entry.primary) ?? emails[0]).email ?? null
}
