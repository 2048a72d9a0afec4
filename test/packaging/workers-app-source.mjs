// The small Workers app whose bundle is measured (JWT sessions, credentials, one OIDC provider, one HTTP mail
// API, the built-in pages): one source for test/packaging/workers-bundle.test.ts and bench/bundle-by-folder.mjs.

/**
 * The worker's source, importing each module through `moduleOf`: `"@auth/core"` + `"/providers/google"`, or a
 * source path (`packages/core/src/providers/google.ts`).
 * @param {(subpath: "" | "/providers/credentials" | "/providers/google" | "/providers/resend") => string} moduleOf
 * @returns {string}
 */
export function workerSource(moduleOf) {
  return `import { Auth } from "${moduleOf("")}"
import Credentials from "${moduleOf("/providers/credentials")}"
import Google from "${moduleOf("/providers/google")}"
import Resend from "${moduleOf("/providers/resend")}"
const config = {
  secret: "a-secret-of-at-least-thirty-two-characters",
  trustHost: true,
  session: { strategy: "jwt" },
  providers: [
    Credentials({ credentials: { username: {}, password: {} }, authorize: async (input) => (input.username === "ada" ? { id: "1" } : null) }),
    Google,
    Resend({ from: "auth@example.test" }),
  ],
}
export default { fetch: (request) => Auth(request, config) }
`
}
