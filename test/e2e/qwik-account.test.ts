/**
 * examples/qwik's Account page in Chromium (issue 33): the flows of support/account-page-flows.ts on a
 * production build (node-server adapter) of the example. The sign-in page is the home page, "/", the
 * Account page /account/.
 */
import { accountPageFlows, startNodeServer } from "./support/account-page-flows.js"
import { buildQwikExample, qwikExampleDir, qwikServer, qwikSignInPages } from "./support/qwik-example-pages.js"

accountPageFlows({
  name: "Qwik example",
  basePath: "/auth",
  accountPath: "/account/",
  build: buildQwikExample,
  start: startNodeServer("The Qwik example", qwikExampleDir, [qwikServer]),
  part: (page, name) => page.locator(`#${name}`),
  ...qwikSignInPages("/account/"),
})
