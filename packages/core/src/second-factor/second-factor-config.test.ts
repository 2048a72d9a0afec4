import { adapterWithAllMethods } from "@gatehouse/test-kit/adapter-with-all-methods"
import { describe, expect, it } from "vitest"
import Passkey from "../providers/passkey.js"
import { SecondFactor } from "./index.js"
import { resolveSecondFactor, secondFactorMethods, totpLibraryKey } from "./second-factor-config.js"

/**
 * The `secondFactor` option's checks: core keeps only the first ones (is it SecondFactor()'s?),
 * the rest travel with SecondFactor() so apps without second factors do not bundle them. Either
 * way every mistake is refused with its message.
 */
describe("resolveSecondFactor", () => {
  // Only checked for presence here: no second factor is stored or read.
  const adapter = { ...adapterWithAllMethods(), ...Object.fromEntries(secondFactorMethods.map((name) => [name, async () => null])) }
  const errorOf = (config: unknown, providers: { type: string }[] = []) =>
    resolveSecondFactor(config as never, adapter, providers).error?.message

  it("is off without the option, and refuses anything but SecondFactor()'s object", () => {
    expect(resolveSecondFactor(undefined, adapter)).toEqual({})
    expect(errorOf("totp")).toMatch(/^secondFactor must be an options object/)
    expect(errorOf({ methods: ["totp"] })).toMatch(/secondFactor must be made by SecondFactor\(\)/)
    // A library object without the checks (another copy of core) is refused the same way, not run half-checked.
    const { check: _, ...withoutChecks } = SecondFactor()[totpLibraryKey]!
    expect(errorOf({ [totpLibraryKey]: withoutChecks })).toMatch(/secondFactor must be made by SecondFactor\(\)/)
  })

  it("runs SecondFactor()'s own checks: adapter, methods, passkey provider, pendingMaxAge, required", () => {
    expect(resolveSecondFactor(SecondFactor(), undefined).error?.type).toBe("MissingAdapter")
    expect(errorOf(SecondFactor({ methods: ["backup-code"] }))).toMatch(/must include "totp"/)
    expect(errorOf(SecondFactor({ methods: ["totp", "passkey"] }))).toMatch(/needs a WebAuthn or Passkey provider/)
    expect(errorOf(SecondFactor({ methods: ["totp", "passkey"] }), [Passkey()])).toBeUndefined()
    expect(errorOf(SecondFactor({ pendingMaxAge: 7200 }))).toMatch(/pendingMaxAge must be a number of seconds from 1 to 3600/)
    expect(errorOf(SecondFactor({ required: "yes" as never }))).toMatch(/required must be true, false or a function/)
    const { options } = resolveSecondFactor(SecondFactor({ issuer: "Example" }), adapter)
    expect(options).toMatchObject({ methods: ["totp", "backup-code"], required: false, issuer: "Example", pendingMaxAge: 300 })
  })
})
