/**
 * examples/sveltekit's password accounts and Security page in Chromium (issues 31 and 32): the flows of
 * support/security-page-flows.ts on a production build (adapter-node) of the example. The sign-in page
 * is /signin (the signIn form action; a refused password comes back as the form with CredentialsSignin),
 * the Security page /security.
 */
import type { Page } from "playwright-core"
import { type ExamplePart, securityPageFlows } from "./support/security-page-flows.js"
import { sveltekitBuild, sveltekitExampleDir, sveltekitSignInPages } from "./support/sveltekit-example-pages.js"

const { build, server } = sveltekitBuild("security")

/** The layout's status line is the one part that is not the Security page's or the sign-in page's. */
const testIds: Partial<Record<ExamplePart, string>> = { "signed-in-as": "status" }

securityPageFlows({
  name: "SvelteKit example",
  build,
  server: { cwd: sveltekitExampleDir, args: [server] },
  securityPath: "/security",
  part: (page, name) => page.getByTestId(testIds[name] ?? name),
  ...sveltekitSignInPages("/security"),
  isSignInRedirect: (url) => url.pathname === "/signin" && url.searchParams.get("callbackUrl") === "/security",
  ready: (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" }),
})
