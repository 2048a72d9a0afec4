/**
 * What the two next-auth 4 rehearsals (pages router: migration-rehearsal-next-auth-v4.test.ts, app
 * router: migration-rehearsal-next-auth-v4-app-router.test.ts) share: the providers as v4 app source
 * (Credentials and a real OpenID provider on loopback), the browser's steps that sign in through
 * them, and page visits that survive the page's own navigation.
 */
import { randomBytes } from "node:crypto"
import type { Page } from "playwright-core"
import { type DevIdentityProvider, defaultDevUser } from "../../../packages/dev-idp/src/index.js"

/** How each library prefixes the errors it logs: next-auth 4 `[next-auth][error]`, Gatehouse `[gatehouse][error]`. */
export const loggedError = /\[(next-auth|gatehouse)\]\[error\]/

/** "demo" / "demo" signs in the rehearsals' `user`; v4's types make `credentials` possibly undefined. */
export const v4CredentialsProvider = `Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials) =>
        credentials?.username === "demo" && credentials?.password === "demo"
          ? { id: "1", name: "Demo User", email: "demo@example.test" }
          : null,
    })`

/**
 * A provider written by hand in v4's form (next-auth 4's docs for a custom OpenID provider:
 * `wellKnown`, `idToken: true`), pointed at the real OpenID provider (oidc-provider) on loopback
 * through OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.
 */
export const v4OidcProvider = `{
      id: "dev-idp",
      name: "Dev IdP",
      type: "oauth",
      wellKnown: \`\${process.env.OIDC_ISSUER}/.well-known/openid-configuration\`,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce", "state"],
      clientId: process.env.OIDC_CLIENT_ID,
      clientSecret: process.env.OIDC_CLIENT_SECRET,
      profile(profile) {
        return { id: String(profile.sub), name: profile.name, email: profile.email }
      },
    }`

/** The rehearsed app's client at the dev provider. */
export function oidcClientFor(appName: string) {
  return { client_id: appName, client_secret: randomBytes(16).toString("hex") }
}

/** The environment that points v4OidcProvider at `idp`. */
export function oidcEnv(idp: DevIdentityProvider, client: { client_id: string; client_secret: string }): Record<string, string> {
  return { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: client.client_id, OIDC_CLIENT_SECRET: client.client_secret }
}

/** The dev provider's default user has both (its own tests hold it to that). */
export const devUser = { name: defaultDevUser.name!, email: defaultDevUser.email! }

/**
 * page.goto, where a navigation the page starts by itself (a client refetch after a swap or a sign-out, on a
 * loaded machine) may interrupt ours: that navigation is let finish, then ours is made again.
 */
export async function visit(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url)
  } catch (error) {
    if (!String(error).includes("is interrupted by another navigation")) throw error
    await page.waitForLoadState()
    await page.goto(url)
  }
}

/** Signs in at the OpenID provider through the built-in sign-in page (the IdP skips its form while its own session lasts). */
export async function signInWithOidc(page: Page, origin: string, idp: DevIdentityProvider): Promise<void> {
  await visit(page, `${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`)
  await page.getByRole("button", { name: "Sign in with Dev IdP" }).click()
  await page.waitForURL((url) => url.origin === idp.issuer || url.href === `${origin}/`)
  if (new URL(page.url()).origin === idp.issuer) await page.locator("#sign-in").click()
  await page.waitForURL(`${origin}/`)
}
