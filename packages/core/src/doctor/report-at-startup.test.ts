import { afterEach, describe, expect, test, vi } from "vitest"
import { Auth } from "../index.js"
import Credentials from "../providers/credentials.js"
import type { AuthConfig } from "../types.js"
import { createStartupReport, formatFinding } from "./report-at-startup.js"

const config: AuthConfig = {
  providers: [Credentials({ authorize: () => null })],
  secret: "too-short",
  rateLimit: false,
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe("the start-up report", () => {
  test("in development: errors and warnings, in the doctor's words, once per process", () => {
    const lines: string[] = []
    const report = createStartupReport((line) => lines.push(line))
    report(config, { NODE_ENV: "development" })
    report({ ...config, secret: undefined }, { NODE_ENV: "development" })
    expect(lines).toEqual([
      formatFinding({
        level: "error",
        check: "secret-short",
        message: "The configured `secret` is 9 characters long: a short secret can be guessed, and with it every session forged",
        fix: "Replace it with the output of `npx @gatehouse/cli secret` (at least 32 random characters)",
      }),
    ])
    expect(lines[0]).toMatch(
      /^\[gatehouse\]\[doctor\]\[error\] secret-short: The configured `secret` is 9 characters long.*\n {2}fix: Replace it/,
    )
  })

  test("in production: only errors", () => {
    const lines: string[] = []
    const trustedWithoutUrl = { ...config, secret: "k3Jx9Qv2Lm8Rt5Wz1Hc7Yb4Nd6Fg0Sa2Pe8Uo3Ti5", trustHost: true }
    createStartupReport((line) => lines.push(line))(trustedWithoutUrl, { NODE_ENV: "production" })
    expect(lines).toEqual([]) // trust-host-unpinned is a warning: production stays quiet
    createStartupReport((line) => lines.push(line))({ ...config, trustHost: true }, { NODE_ENV: "production" })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("secret-short")
  })

  test("under test: nothing", () => {
    const lines: string[] = []
    createStartupReport((line) => lines.push(line))(config, { NODE_ENV: "test" })
    expect(lines).toEqual([])
  })
})

test("Auth() prints the report once when it first resolves a config in development", async () => {
  vi.stubEnv("NODE_ENV", "development")
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
  vi.spyOn(console, "error").mockImplementation(() => {})
  await Auth(new Request("http://localhost:3000/auth/providers"), config)
  await Auth(new Request("http://localhost:3000/auth/providers"), { ...config })
  // The doctor is loaded on the first config (not with the package), so its report follows shortly.
  const doctorLines = () => warn.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith("[gatehouse][doctor]"))
  await vi.waitFor(() => expect(doctorLines()).not.toHaveLength(0))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(doctorLines()).toHaveLength(1)
  expect(doctorLines()[0]).toContain("secret-short: The configured `secret` is 9 characters long")
})
