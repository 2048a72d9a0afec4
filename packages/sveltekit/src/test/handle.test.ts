import type { ResolveOptions } from "@sveltejs/kit"
import { describe, expect, it, vi } from "vitest"
import { createSvelteKitAuth } from "../lib/create-sveltekit-auth.js"
import { formPost, testEvent } from "./request-event.js"
import { production, testConfig } from "./test-config.js"

function resolver() {
  return vi.fn(async (_event: unknown, _opts?: ResolveOptions) => new Response("from the app"))
}

describe("handle", () => {
  it("answers auth actions under /auth itself and passes everything else to the app", async () => {
    const { handle } = createSvelteKitAuth(testConfig(), production)
    const resolve = resolver()

    const providers = await handle({ event: testEvent("http://app.test/auth/providers").event, resolve })
    expect(providers.status).toBe(200)
    expect(Object.keys(await providers.json())).toEqual(["credentials", "github"])

    for (const path of ["/", "/authors", "/auth", "/auth/", "/auth/not-an-action", "/api/auth/session"]) {
      const response = await handle({ event: testEvent(`http://app.test${path}`).event, resolve })
      expect(await response.text(), path).toBe("from the app")
    }
    expect(resolve).toHaveBeenCalledTimes(6)
  })

  it("serves the endpoints under the app's base path", async () => {
    const { handle } = createSvelteKitAuth(testConfig(), { ...production, base: "/app" })
    const resolve = resolver()
    const response = await handle({ event: testEvent("http://app.test/app/auth/providers").event, resolve })
    expect((await response.json()).credentials.callbackUrl).toBe("http://app.test/app/auth/callback/credentials")
    await handle({ event: testEvent("http://app.test/auth/providers").event, resolve })
    expect(resolve).toHaveBeenCalledTimes(1)
  })

  it("ignores a basePath in the app's config: SvelteKit routes /auth", async () => {
    const { handle } = createSvelteKitAuth(testConfig({ basePath: "/api/auth" }), production)
    const response = await handle({ event: testEvent("http://app.test/auth/providers").event, resolve: resolver() })
    expect(response.status).toBe(200)
  })

  it("needs no CSRF token for POSTs it serves: SvelteKit has checked the origin before any hook runs", async () => {
    const { handle } = createSvelteKitAuth(testConfig(), production)
    const { event } = formPost("http://app.test/auth/callback/credentials", {
      username: "demo",
      password: "demo",
      callbackUrl: "/home",
    })
    const response = await handle({ event, resolve: resolver() })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("http://app.test/home")
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(true)
  })

  it("refuses a POST from another origin whose content type SvelteKit's own check skips: no sign-out", async () => {
    const { handle } = createSvelteKitAuth(testConfig(), production)
    const session = "authjs.session-token=whatever"
    // A bodiless no-cors fetch has no Content-Type; a Blob body may carry any type.
    for (const [origin, contentType] of [
      ["http://evil.app.test", undefined],
      [undefined, undefined],
      ["http://evil.app.test", "application/octet-stream"],
      ["http://evil.app.test", ""],
    ]) {
      const headers: Record<string, string> = { cookie: session }
      if (origin) headers.origin = origin
      if (contentType !== undefined) headers["content-type"] = contentType
      const { event } = testEvent("http://app.test/auth/signout", { method: "POST", headers })
      const response = await handle({ event, resolve: resolver() })
      expect(response.status, `${origin} ${contentType}`).toBe(403)
      expect(response.headers.getSetCookie()).toEqual([])
    }
    // The app's own page may still post without a body.
    const { event } = testEvent("http://app.test/auth/signout", { method: "POST", headers: { cookie: session, origin: "http://app.test" } })
    const response = await handle({ event, resolve: resolver() })
    expect(response.status).toBe(302)
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token=;"))).toBe(true)
  })

  it("calls a config function once per request, however often the request asks for the session", async () => {
    const config = testConfig()
    const lazy = vi.fn(async () => config)
    const { handle } = createSvelteKitAuth(lazy, production)
    const { event } = testEvent("http://app.test/page")
    await handle({
      event,
      resolve: async (e) => {
        await e.locals.auth()
        await e.locals.auth()
        await e.locals.getSession()
        return new Response("ok")
      },
    })
    expect(lazy).toHaveBeenCalledTimes(1)
    expect(lazy).toHaveBeenCalledWith(event)
  })

  it("does not call a config function for requests that never ask for the session", async () => {
    const lazy = vi.fn(async () => testConfig())
    const { handle } = createSvelteKitAuth(lazy, production)
    await handle({ event: testEvent("http://app.test/page").event, resolve: resolver() })
    expect(lazy).not.toHaveBeenCalled()
  })

  it("leaves the app's config object as it wrote it", async () => {
    const config = testConfig()
    const before = { ...config }
    const { handle } = createSvelteKitAuth(config, { ...production, dev: true })
    await handle({ event: testEvent("http://app.test/auth/session").event, resolve: resolver() })
    expect(config).toEqual(before)
    expect(config.basePath).toBeUndefined()
    expect(config.trustHost).toBeUndefined()
  })
})
