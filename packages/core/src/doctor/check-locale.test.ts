import { expect, test } from "vitest"
import de from "../locales/de.js"
import Credentials from "../providers/credentials.js"
import type { AuthConfig } from "../types.js"
import { diagnoseConfig } from "./diagnose-config.js"

const config = (extra: Partial<AuthConfig>): AuthConfig => ({
  secret: "a-secret-of-at-least-thirty-two-characters",
  trustHost: true,
  providers: [Credentials({ authorize: () => null })],
  ...extra,
})
const checks = (extra: Partial<AuthConfig>) =>
  diagnoseConfig(config(extra), { env: { NODE_ENV: "development" } }).filter((finding) => finding.check === "locale-not-listed")

test("a pinned locale the pages were not given is a warning that says how to add it", () => {
  const [finding] = checks({ locale: "de-AT" })
  expect(finding).toMatchObject({ level: "warning" })
  expect(finding!.fix).toContain('import de from "@gatehouse/core/locales/de"')
})

test("English, a listed language, or a locale function: nothing to say", () => {
  expect(checks({ locale: "en-GB" })).toEqual([])
  expect(checks({ locale: "de", pages: { locales: [de] } })).toEqual([])
  expect(checks({ locale: () => "fr" })).toEqual([])
})
