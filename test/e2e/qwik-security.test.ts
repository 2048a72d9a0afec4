/**
 * examples/qwik's password accounts and Security page in Chromium (issues 31 and 32): the flows of
 * support/security-page-flows.ts on a production build (node-server adapter) of the example. The
 * sign-in page is the home page, "/" (useSignIn; a refused password comes back there with ?error=),
 * the Security page /security/.
 */
import { buildQwikExample, qwikExampleDir, qwikServer, qwikSignInPages } from "./support/qwik-example-pages.js"
import { type ExamplePart, securityPageFlows } from "./support/security-page-flows.js"

/** The layout's status line is the one part that is not the Security page's or the sign-in page's. */
const ids: Partial<Record<ExamplePart, string>> = { "signed-in-as": "session-status" }

securityPageFlows({
  name: "Qwik example",
  build: buildQwikExample,
  server: { cwd: qwikExampleDir, args: [qwikServer] },
  securityPath: "/security/",
  part: (page, name) => page.locator(`#${ids[name] ?? name}`),
  ...qwikSignInPages("/security/"),
  isSignInRedirect: (url) => url.pathname === "/" && url.searchParams.get("redirectTo") === "/security/",
  // Qwik resumes: its event handlers work as soon as the page is there.
  ready: async () => {},
})
