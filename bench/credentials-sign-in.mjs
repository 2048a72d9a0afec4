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
