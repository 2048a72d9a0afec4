// The benchmark's small edge app on @auth/core (the same config on both sides): JWT sessions, credentials,
// one OpenID provider, the built-in pages. (No mail provider: it needs an adapter on both sides, and the
// runtimes have no database here.)
import { Auth } from "@auth/core"
import Credentials from "@auth/core/providers/credentials"
import Google from "@auth/core/providers/google"

export function createRuntimeApp(env: Record<string, string>): (request: Request) => Promise<Response> {
  const config = {
    secret: env.AUTH_SECRET,
    trustHost: true,
    basePath: "/auth",
    session: { strategy: "jwt" as const },
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: async (input) => (input.username === "ada" ? { id: "1", name: "Ada" } : null),
      }),
      Google({ clientId: "bench-client", clientSecret: "bench-secret" }),
    ],
  }
  return (request) => Auth(request, config)
}
