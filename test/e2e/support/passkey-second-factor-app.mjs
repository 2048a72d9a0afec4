/**
 * The passkey-as-second-factor test app, one definition for both instances: the in-process one of
 * the test and the one in its own process (passkey-second-factor-server.mjs). A Credentials
 * provider whose `authorize` returns adapter users (so their passkeys are stored), the Passkey
 * provider with a fixed relying party (both instances expect the same origin, wherever they
 * listen), JWT sessions, and second factors with "passkey" offered.
 */
export const secret = "passkey-second-factor-e2e-secret-with-more-than-32-characters"
export const appOrigin = "http://app.test"

/** The password of the adapter user with this address. */
export const passwordOf = (email) => `pw-${email}`

/**
 * The config for `adapter`, made with the given provider factories and SecondFactor (from the
 * source or the built packages); `overrides` lays extra options over it, `secondFactor` over
 * SecondFactor's options.
 */
export function passkeySecondFactorConfig(adapter, { Credentials, Passkey, SecondFactor }, overrides = {}, secondFactor = {}) {
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter,
    session: { strategy: /** @type {const} */ ("jwt") },
    experimental: { enableWebAuthn: true },
    secondFactor: SecondFactor({ issuer: "Gatehouse test", methods: ["totp", "backup-code", "passkey"], ...secondFactor }),
    providers: [
      Credentials({
        authorizeReturnsAdapterUserId: true,
        credentials: { email: {}, password: {} },
        authorize: async ({ email, password }) => {
          if (typeof email !== "string" || password !== passwordOf(email)) return null
          const user = await adapter.getUserByEmail(email)
          return user ? { id: user.id, email: user.email, name: user.name } : null
        },
      }),
      Passkey({ relayingParty: { id: new URL(appOrigin).hostname, name: "Gatehouse test", origin: appOrigin } }),
    ],
    ...overrides,
  }
}
