/**
 * examples/next's Account page in Chromium (issue 33): the flows of support/account-page-flows.ts on the
 * shared production build of the example (support/next-example.ts). The sign-in page is /signin (server
 * actions calling signIn; a refused password comes back there with ?error=CredentialsSignin), the
 * Account page /account, the auth routes under /api/auth.
 */
import { expect } from "vitest"
import { accountPageFlows } from "./support/account-page-flows.js"
import { buildExample, startExample } from "./support/next-example.js"

accountPageFlows({
  name: "Next.js example",
  basePath: "/api/auth",
  accountPath: "/account",
  build: buildExample,
  // AUTH_URL unset: the origin comes from the request (AUTH_TRUST_HOST), as on the other servers.
  start: (env, port) => startExample({ ...env, AUTH_URL: undefined }, port),
  part: (page, name) => page.getByTestId(name),
  async openSignIn(page, origin) {
    await page.goto(`${origin}/signin?${new URLSearchParams({ callbackUrl: "/account" })}`)
  },
  async submitPasswordForm(page, email, password) {
    await page.getByTestId("password-email").fill(email)
    await page.getByTestId("password-password").fill(password)
    await page.getByTestId("password-submit").click()
  },
  async expectRefused(page) {
    await page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("error") === "CredentialsSignin")
    await expect(page.getByTestId("sign-in-error").getAttribute("data-error")).resolves.toBe("CredentialsSignin")
  },
  async signOut(page, origin) {
    await page.goto(`${origin}/protected`)
    await page.getByTestId("sign-out").click()
    await page.waitForURL(`${origin}/`)
    await page.getByTestId("sign-in-link").waitFor()
  },
  isReauthentication: (url) => url.pathname === "/signin" && (url.searchParams.get("callbackUrl") ?? "").endsWith("/account"),
})
