export const benchSecret = "bench-secret-bench-secret-bench-secret-0123"
export const demoUser = { username: "demo", password: "demo" }

/** The benchmarks' config, for either library's Credentials provider: one user, demo / demo. */
export function demoCredentialsConfig(Credentials) {
  return {
    secret: benchSecret,
    trustHost: true,
    basePath: "/auth",
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: (c) =>
          c.username === demoUser.username && c.password === demoUser.password
            ? { id: "1", name: "Demo", email: "demo@example.test" }
            : null,
      }),
    ],
  }
}

// One credentials sign-in as a browser makes it: GET /csrf, then the form POST with the CSRF
// cookie and token. Shared by the benchmark, the crypto-call count and the sign-in profile.
export async function credentialsSignIn(Auth, config, { origin = "http://localhost:3000", fields = {} } = {}) {
  const csrfResponse = await Auth(new Request(`${origin}/auth/csrf`), config)
  const { csrfToken } = await csrfResponse.json()
  const csrfCookie = csrfResponse.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")
  return Auth(
    new Request(`${origin}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
      body: new URLSearchParams({ csrfToken, ...fields, callbackUrl: `${origin}/` }),
    }),
    config,
  )
}
