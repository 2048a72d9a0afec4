/**
 * examples/sveltekit's Account page in Chromium (issue 33): the flows of support/account-page-flows.ts on
 * a production build (adapter-node) of the example. The sign-in page is /signin, the Account page /account.
 */
import { accountPageFlows, startNodeServer } from "./support/account-page-flows.js"
import { sveltekitBuild, sveltekitExampleDir, sveltekitSignInPages } from "./support/sveltekit-example-pages.js"

const { build, server } = sveltekitBuild("account")

accountPageFlows({
  name: "SvelteKit example",
  basePath: "/auth",
  accountPath: "/account",
  build,
  start: startNodeServer("The SvelteKit example", sveltekitExampleDir, [server]),
  part: (page, name) => page.getByTestId(name),
  ...sveltekitSignInPages("/account"),
})
