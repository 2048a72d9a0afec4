import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import gitlabMark from "./brand-marks/gitlab.js"

/** `GET /api/v4/user` of the GitLab REST API. */
export interface GitLabProfile extends ProviderClaims {
  id: number
  username: string
  email: string
  name: string
  state: string
  avatar_url: string
  web_url: string
  created_at: string
  bio: string
  public_email: string
  commit_email?: string
  bot: boolean
  two_factor_enabled: boolean
}

export interface GitLabOptions extends OAuthUserConfig<GitLabProfile> {
  /** A self-managed GitLab: its base URL, e.g. `https://gitlab.example.com`. */
  baseUrl?: string | URL
}

/**
 * GitLab (OAuth 2, `AUTH_GITLAB_ID` / `AUTH_GITLAB_SECRET`), gitlab.com or a self-managed
 * instance through `baseUrl`. Scope `read_user`.
 */
export default function GitLab(options: GitLabOptions = {}): OAuthConfig<GitLabProfile> {
  const base = withTrailingSlash(new URL(String(options.baseUrl ?? "https://gitlab.com")))
  return {
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    authorization: `${base}oauth/authorize?scope=read_user`,
    token: `${base}oauth/token`,
    userinfo: `${base}api/v4/user`,
    profile(profile) {
      // Some GitLab versions answer with OIDC-style `sub`; `id` otherwise.
      const sub = (profile as { sub?: string | number }).sub
      return {
        id: sub?.toString() ?? profile.id?.toString(),
        name: profile.name ?? profile.username,
        email: profile.email,
        image: profile.avatar_url,
      }
    },
    style: { mark: gitlabMark, bg: "#FC6D26", text: "#fff" },
    options,
  }
}

/** So an instance under a path (`https://example.com/gitlab`) keeps that path. */
function withTrailingSlash(url: URL): string {
  const text = url.toString()
  return text.endsWith("/") ? text : `${text}/`
}
