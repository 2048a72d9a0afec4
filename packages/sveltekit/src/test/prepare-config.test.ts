import { afterEach, describe, expect, it, vi } from "vitest"
import { skipCSRFCheck } from "@gatehouse/core"
import { kitConfigPreparer } from "../lib/prepare-config.js"
import type { KitRuntime, SvelteKitAuthConfig } from "../lib/types.js"

const prepareConfig = (config: SvelteKitAuthConfig, runtime: KitRuntime) => kitConfigPreparer(runtime)(config)
import { production, testConfig } from "./test-config.js"

afterEach(() => vi.restoreAllMocks())

describe("prepareConfig", () => {
  it("forces basePath to ${base}/auth and skips core's CSRF token (SvelteKit checks origins)", () => {
    const handler = prepareConfig(testConfig({ basePath: "/elsewhere" }), { ...production, base: "/app" })
    expect(handler.basePath).toBe("/app/auth")
    expect(handler.skipCSRFCheck).toBe(skipCSRFCheck)
    // Server-side calls go through @gatehouse/core/server: no second, raw, config any more.
    expect(handler.raw).toBeUndefined()
  })

  it("prepares each config object once, so core can cache its own work", () => {
    const config = testConfig()
    const prepare = kitConfigPreparer(production)
    expect(prepare(config)).toBe(prepare(config))
  })

  it("trusts the host in development; in production only AUTH_TRUST_HOST / AUTH_URL decide", () => {
    expect(prepareConfig(testConfig(), { ...production, env: {}, dev: true }).trustHost).toBe(true)
    expect(prepareConfig(testConfig(), { ...production, env: { NODE_ENV: "production" } }).trustHost).toBe(false)
    expect(prepareConfig(testConfig(), { ...production, env: { NODE_ENV: "production", AUTH_TRUST_HOST: "true" } }).trustHost).toBe(true)
    expect(prepareConfig(testConfig({ trustHost: false }), { ...production, dev: true }).trustHost).toBe(false)
  })

  it("reads the secret and provider credentials from the environment, except while building", () => {
    const env = { AUTH_SECRET: "s".repeat(40), AUTH_GITHUB_ID: "from-env" }
    const running = prepareConfig(testConfig({ secret: undefined }), { ...production, env })
    expect(running.secret).toEqual(["s".repeat(40)])
    const building = prepareConfig(testConfig({ secret: undefined }), { ...production, env, building: true })
    expect(building.secret).toBeUndefined()
  })

  it("warns about a secret shorter than 32 characters, through the app's logger", () => {
    const warn = vi.fn()
    prepareConfig(testConfig({ secret: "short", logger: { warn } }), production)
    expect(warn).toHaveBeenCalledWith("short-secret")

    const quiet = vi.fn()
    prepareConfig(testConfig({ secret: "x".repeat(32), logger: { warn: quiet } }), production)
    expect(quiet).not.toHaveBeenCalledWith("short-secret")
  })

  it("warns on the console about a short secret from the environment, once per config", () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {})
    const config = testConfig({ secret: undefined })
    const prepare = kitConfigPreparer({ ...production, env: { AUTH_SECRET: "tooshort" } })
    prepare(config)
    prepare(config)
    expect(warned.mock.calls.filter(([message]) => String(message).includes("short-secret"))).toHaveLength(1)
  })
})
