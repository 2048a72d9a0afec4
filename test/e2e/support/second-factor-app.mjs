/**
 * The second-factor test app, one definition for both instances: the in-process one of the test
 * and the one in its own process (second-factor-server.mjs). Credentials (the app's own users), JWT sessions, an adapter for the second-factor records, second factors on.
 */
export const secret = "second-factor-e2e-secret-with-more-than-32-characters"

/** The app's own users: any name, with the password `pw-<name>`, is user `user-<name>` (tests pick fresh names). */
export function userNamed(name) {
  return { id: `user-${name}`, name, email: `${name}@example.test`, password: `pw-${name}` }
}

/** The config for `adapter` (Credentials and SecondFactor from the source or the built packages); `overrides` lays extra options over it. */
export function secondFactorConfig(adapter, Credentials, SecondFactor, overrides = {}) {
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter,
    session: { strategy: /** @type {const} */ ("jwt") },
    secondFactor: SecondFactor({ issuer: "Gatehouse test" }),
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => {
          if (typeof username !== "string" || !/^[a-z0-9-]{1,40}$/.test(username)) return null
          const user = userNamed(username)
          return password === user.password ? { id: user.id, name: user.name, email: user.email } : null
        },
      }),
    ],
    ...overrides,
  }
}
