/**
 * `@gatehouse/core/second-factor`: turns second factors on (docs/second-factor.md).
 *
 * ```ts
 * import { SecondFactor } from "@gatehouse/core/second-factor"
 * export const config = { adapter, providers, secondFactor: SecondFactor({ issuer: "Example" }) }
 * ```
 */
import { checkSecondFactor, type SecondFactorConfig, totpLibraryKey } from "./second-factor-config.js"
import { secondFactorAction } from "./second-factor-action.js"
import { holdForSecondFactor } from "./second-factor-due.js"
import { singleUseLedger } from "../single-use/single-use-ledger.js"
import { stepUpFactors } from "./second-factor-step-up.js"
import { totpLibrary } from "./totp-library.js"

export type { SecondFactorConfig, SecondFactorMethod } from "./second-factor-config.js"
export { totpCodeAt } from "./totp-library.js"

/** The `secondFactor` option: `config` with the TOTP and QR-code libraries it runs on. */
export function SecondFactor(config: Omit<SecondFactorConfig, typeof totpLibraryKey> = {}): SecondFactorConfig {
  return {
    ...config,
    [totpLibraryKey]: {
      ...totpLibrary,
      action: secondFactorAction,
      stepUpFactors,
      check: checkSecondFactor,
      holdForSecondFactor,
      singleUseLedger,
    },
  }
}
