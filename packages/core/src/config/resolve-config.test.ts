import { describe, expect, it } from "vitest"
import { Auth } from "../index.js"
import { configurationError } from "./resolve-config.js"

describe("a provider factory that throws", () => {
  const broken = () => {
    throw new Error("provider exploded")
  }
  const errors: Error[] = []
  const config = {
    secret: "resolve-config-test-secret-0123456789",
    trustHost: true,
    providers: [broken as any],
    logger: { error: (error: Error) => errors.push(error) },
  }

  it("fails closed: the page shows the configuration error, the API answers 500, no session", async () => {
    const page = await Auth(new Request("http://localhost:3000/auth/signin"), config)
    expect(page.status).toBe(500)
    expect(page.headers.get("content-type")).toContain("text/html")
    const session = await Auth(new Request("http://localhost:3000/auth/session"), config)
    expect(session.status).toBe(500)
    expect(await session.text()).not.toContain("provider exploded")
  })

  it("is reported through the app's own logger, with the cause", () => {
    expect(errors.length).toBeGreaterThan(0)
    expect((errors[0].cause as { err?: Error })?.err?.message).toBe("provider exploded")
  })
})

describe("warnings about the config", () => {
  it("reach the console once per process, even from a lazy config that builds a new object per request", async () => {
    const { vi } = await import("vitest")
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    try {
      const lazy = () => ({ secret: "resolve-config-test-secret-0123456789", trustHost: true, debug: true, providers: [] })
      for (let i = 0; i < 3; i++) await Auth(new Request("http://localhost:3000/auth/providers"), lazy)
      expect(warn.mock.calls.filter((call) => String(call[0]).includes("debug-enabled"))).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })

  it("reach an app's own logger every time the config is read", async () => {
    const warnings: string[] = []
    const lazy = () => ({
      secret: "resolve-config-test-secret-0123456789",
      trustHost: true,
      debug: true,
      providers: [],
      logger: { warn: (code: string) => warnings.push(code), debug: () => {} },
    })
    for (let i = 0; i < 2; i++) await Auth(new Request("http://localhost:3000/auth/providers"), lazy as any)
    expect(warnings.filter((code) => code === "debug-enabled")).toHaveLength(2)
  })
})

describe("session options out of range", () => {
  const problem = (session: Record<string, unknown>) =>
    configurationError({ secret: "resolve-config-test-secret-0123456789", trustHost: true, providers: [], session } as never)?.message

  it("are configuration errors naming the option and what it takes, the first in the order chunks, interval, fresh age", () => {
    for (const maxCookieChunks of [0, 65, 1.5, "4", Number.NaN])
      expect(problem({ maxCookieChunks })).toMatch(/^session\.maxCookieChunks must be a whole number from 1 to 64/)
    for (const revocationCheckInterval of [-1, Number.POSITIVE_INFINITY, "60", null])
      expect(problem({ revocationCheckInterval })).toMatch(/^session\.revocationCheckInterval must be a number of seconds, 0 or more/)
    for (const freshAge of [0, -5, Number.NaN, "600"])
      expect(problem({ freshAge })).toMatch(/^session\.freshAge must be a number of seconds, more than 0/)
    expect(problem({ maxCookieChunks: 0, revocationCheckInterval: -1, freshAge: 0 })).toMatch(/^session\.maxCookieChunks/)
    expect(problem({ revocationCheckInterval: -1, freshAge: 0 })).toMatch(/^session\.revocationCheckInterval/)
    expect(problem({ maxCookieChunks: 64, revocationCheckInterval: 0, freshAge: 1 })).toBeUndefined()
  })
})
