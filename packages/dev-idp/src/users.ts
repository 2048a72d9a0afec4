/** The people who can sign in at the dev identity provider. */

/** OpenID Connect standard claims of one test user; `sub` doubles as the login name. */
export interface DevUser {
  sub: string
  name?: string
  preferred_username?: string
  email?: string
  email_verified?: boolean
  picture?: string
  [claim: string]: unknown
}

/** The user every dev identity provider knows unless the caller supplies its own list. */
export const defaultDevUser: DevUser = Object.freeze({
  sub: "dev-user-1",
  name: "Dev User",
  preferred_username: "dev",
  email: "dev@example.test",
  email_verified: true,
})

/** Claims released per scope: what a real provider would put in the ID token and userinfo. */
export const claimsByScope = {
  openid: ["sub"],
  profile: ["name", "preferred_username", "picture"],
  email: ["email", "email_verified"],
}

export function findDevUser(users: readonly DevUser[], loginName: string): DevUser | undefined {
  const wanted = loginName.trim()
  return users.find((user) => user.sub === wanted || (user.email !== undefined && user.email === wanted))
}
