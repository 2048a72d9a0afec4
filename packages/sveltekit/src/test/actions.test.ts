import { isRedirect } from "@sveltejs/kit"
import { CredentialsSignin } from "@gatehouse/core/errors"
import { describe, expect, it, vi } from "vitest"
import { createSvelteKitAuth } from "../lib/create-sveltekit-auth.js"
import { formPost } from "./request-event.js"
import { production, testConfig } from "./test-config.js"

/** Runs a form action and returns the redirect it throws (a form action that signs in or out always redirects). */
async function redirectOf(action: () => unknown): Promise<{ status: number; location: URL }> {
  try {
    await action()
  } catch (thrown) {
    if (isRedirect(thrown)) return { status: thrown.status, location: new URL(thrown.location) }
    throw thrown
  }
  throw new Error("the action returned without redirecting")
}

describe("signIn form action", () => {
  it("signs in with right credentials: 303 to redirectTo, session cookie handed to SvelteKit", async () => {
    const { signIn } = createSvelteKitAuth(testConfig(), production)
    const { event, written } = formPost("http://app.test/signin", {
      providerId: "credentials",
      username: "demo",
      password: "demo",
      redirectTo: "/protected",
    })
    const { status, location } = await redirectOf(() => signIn(event))
    expect(status).toBe(303)
    expect(location.href).toBe("http://app.test/protected")
    expect(written.get("authjs.session-token")?.value).toMatch(/^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(written.get("authjs.session-token")?.options).toMatchObject({ path: "/", httpOnly: true })
  })

  it("throws CredentialsSignin to the caller for wrong credentials, and sets no session", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const { signIn } = createSvelteKitAuth(testConfig(), production)
    const { event, written } = formPost("http://app.test/signin", {
      providerId: "credentials",
      username: "demo",
      password: "wrong",
    })
    const error = await Promise.resolve(signIn(event)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CredentialsSignin)
    expect((error as CredentialsSignin).code).toBe("credentials")
    expect(written.has("authjs.session-token")).toBe(false)
  })

  it("sends the user to the sign-in page without a provider, or with one that is not configured", async () => {
    const { signIn } = createSvelteKitAuth(testConfig(), production)
    for (const providerId of ["", "nope"]) {
      const { event } = formPost("http://app.test/signin", { providerId, redirectTo: "/after" })
      const { status, location } = await redirectOf(() => signIn(event))
      expect(status).toBe(303)
      expect(location.origin + location.pathname).toBe("http://app.test/auth/signin")
      expect(location.searchParams.get("callbackUrl")).toBe("/after")
    }
  })

  it("defaults the target to the Referer of the form post", async () => {
    const { signIn } = createSvelteKitAuth(testConfig(), production)
    const { event } = formPost(
      "http://app.test/signin",
      { providerId: "credentials", username: "demo", password: "demo" },
      { referer: "http://app.test/came-from" },
    )
    const { location } = await redirectOf(() => signIn(event))
    expect(location.href).toBe("http://app.test/came-from")
  })

  it("starts an OAuth sign-in: 303 to the provider with authorizationParams-* and check cookies", async () => {
    const { signIn } = createSvelteKitAuth(testConfig(), production)
    const { event, written } = formPost("http://app.test/signin", {
      providerId: "github",
      redirectTo: "/after",
      "authorizationParams-login": "alice",
      "authorizationParams-allow_signup": "false",
    })
    const { status, location } = await redirectOf(() => signIn(event))
    expect(status).toBe(303)
    expect(location.origin + location.pathname).toBe("https://github.com/login/oauth/authorize")
    expect(location.searchParams.get("login")).toBe("alice")
    expect(location.searchParams.get("allow_signup")).toBe("false")
    expect(location.searchParams.get("client_id")).toBe("github-client")
    expect(location.searchParams.get("redirect_uri")).toBe("http://app.test/auth/callback/github")
    expect(written.has("authjs.pkce.code_verifier")).toBe(true)
    expect(written.get("authjs.callback-url")?.value).toBe("http://app.test/after")
  })

  it("does not let a forged X-Forwarded-Host move the callback or the landing page to another host", async () => {
    const { signIn } = createSvelteKitAuth(testConfig(), production)
    const forged = { "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" }

    const oauth = formPost("http://app.test/signin", { providerId: "github", redirectTo: "https://evil.test/steal" }, forged)
    const { location } = await redirectOf(() => signIn(oauth.event))
    expect(location.searchParams.get("redirect_uri")).toBe("http://app.test/auth/callback/github")
    expect(oauth.written.get("authjs.callback-url")?.value).toBe("http://app.test")

    const credentials = formPost(
      "http://app.test/signin",
      { providerId: "credentials", username: "demo", password: "demo", redirectTo: "https://evil.test/steal" },
      forged,
    )
    const landed = await redirectOf(() => signIn(credentials.event))
    expect(landed.location.host).toBe("app.test")
  })

  it.each([
    "https://evil.test/steal",
    "//evil.test/steal",
    "/\\evil.test/steal",
    "https:evil.test",
    "http://app.test@evil.test/",
    "javascript:alert(1)",
    "%2F%2Fevil.test",
  ])("never lands off-origin for redirectTo %s", async (redirectTo) => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const { signIn } = createSvelteKitAuth(testConfig(), production)
    const { event } = formPost("http://app.test/signin", {
      providerId: "credentials",
      username: "demo",
      password: "demo",
      redirectTo,
    })
    const { location } = await redirectOf(() => signIn(event))
    expect(location.origin).toBe("http://app.test")
  })

  it("uses AUTH_URL for action URLs when the app sets it", async () => {
    const { signIn } = createSvelteKitAuth(testConfig(), {
      ...production,
      env: { AUTH_URL: "https://public.example", AUTH_TRUST_HOST: "true" },
    })
    const { event } = formPost("http://127.0.0.1:3000/signin", { providerId: "github" })
    const { location } = await redirectOf(() => signIn(event))
    expect(location.searchParams.get("redirect_uri")).toBe("https://public.example/auth/callback/github")
  })
})

describe("signOut form action", () => {
  it("clears the session cookie and redirects (303) to redirectTo", async () => {
    const { signIn, signOut } = createSvelteKitAuth(testConfig(), production)
    const signedIn = formPost("http://app.test/signin", { providerId: "credentials", username: "demo", password: "demo" })
    await redirectOf(() => signIn(signedIn.event))
    const token = signedIn.written.get("authjs.session-token")!.value

    const { event, written } = formPost("http://app.test/signout", { redirectTo: "/bye" }, { cookie: `authjs.session-token=${token}` })
    const { status, location } = await redirectOf(() => signOut(event))
    expect(status).toBe(303)
    expect(location.href).toBe("http://app.test/bye")
    expect(written.get("authjs.session-token")).toMatchObject({ value: "", options: { maxAge: 0, path: "/" } })
  })

  it("falls back to the Referer, then to /", async () => {
    const { signOut } = createSvelteKitAuth(testConfig(), production)
    const withReferer = formPost("http://app.test/signout", {}, { referer: "http://app.test/somewhere" })
    expect((await redirectOf(() => signOut(withReferer.event))).location.href).toBe("http://app.test/somewhere")
    const bare = formPost("http://app.test/signout", {})
    expect((await redirectOf(() => signOut(bare.event))).location.href).toBe("http://app.test/")
  })

  it("posts federated=true to core (issue #20): a session without an identity provider to leave lands on the error page", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    const { signIn, signOut } = createSvelteKitAuth(testConfig(), production)
    const signedIn = formPost("http://app.test/signin", { providerId: "credentials", username: "demo", password: "demo" })
    await redirectOf(() => signIn(signedIn.event))
    const cookie = `authjs.session-token=${signedIn.written.get("authjs.session-token")!.value}`

    const federated = formPost("http://app.test/signout", { redirectTo: "/bye", federated: "true" }, { cookie })
    const { location } = await redirectOf(() => signOut(federated.event))
    // Core was asked for a federated sign-out: a credentials session records no provider, so it refuses
    // (logged) and sends the browser to the error page; the session cookie is cleared all the same.
    expect(location.pathname).toBe("/auth/error")
    expect(location.searchParams.get("error")).toBe("Configuration")
    expect(logged.mock.calls.flat().join(" ")).toMatch(/federated sign-out was asked for/)
    expect(federated.written.get("authjs.session-token")).toMatchObject({ value: "", options: { maxAge: 0 } })

    // federated=false (or none) is an ordinary sign-out.
    const plain = formPost("http://app.test/signout", { redirectTo: "/bye", federated: "false" }, { cookie })
    expect((await redirectOf(() => signOut(plain.event))).location.href).toBe("http://app.test/bye")
  })
})
