import { AuthError, DuplicateConditionalUI, MissingWebAuthnAutocomplete } from "../errors.js"
import type { WebAuthnProviderConfig } from "../providers/types.js"

/** Auth.js accepts `v<major>[.<minor>[.<patch>]]`. */
const browserVersionPattern = /^v\d+(?:\.\d+){0,2}$/

/**
 * The config checks of WebAuthn providers, in Auth.js's order: a well-formed browser-library
 * version, at most one provider with conditional UI, and for that one a form field the browser
 * can attach passkey autofill to.
 */
export function assertWebAuthnProviders(providers: readonly { type: string }[]): AuthError | undefined {
  let conditionalUIProvider: string | undefined
  for (const provider of providers) {
    if (provider.type !== "webauthn") continue
    const webauthn = provider as WebAuthnProviderConfig
    const version = webauthn.simpleWebAuthnBrowserVersion
    if (version && (typeof version !== "string" || !browserVersionPattern.test(version))) {
      return new AuthError(
        `Invalid provider config for "${webauthn.id}": simpleWebAuthnBrowserVersion "${String(version)}" must be a valid semver string.`,
      )
    }
    if (!webauthn.loadSigninPageScript || !webauthn.signinForm) {
      return new AuthError(
        `Invalid provider config for "${webauthn.id}": its sign-in page form or script is missing. Create it with WebAuthn() from "@gatehouse/core/providers/webauthn" or Passkey() from "@gatehouse/core/providers/passkey"`,
      )
    }
    if (!webauthn.loadFlows || !webauthn.challengeLedger) {
      return new AuthError(
        `Invalid provider config for "${webauthn.id}": its routes are missing. Create it with WebAuthn() from "@gatehouse/core/providers/webauthn" or Passkey() from "@gatehouse/core/providers/passkey"`,
      )
    }
    if (!webauthn.loadSimpleWebAuthn && !hasEveryCeremonyFunction(webauthn.simpleWebAuthn)) {
      return new AuthError(
        `Invalid provider config for "${webauthn.id}": a WebAuthn provider needs @simplewebauthn/server. Create it with WebAuthn() from "@gatehouse/core/providers/webauthn" or Passkey() from "@gatehouse/core/providers/passkey", which load the package`,
      )
    }
    if (!webauthn.enableConditionalUI) continue
    if (conditionalUIProvider) {
      return new DuplicateConditionalUI(
        `Multiple webauthn providers have 'enableConditionalUI' set to True ("${conditionalUIProvider}" and "${webauthn.id}"). Only one provider can have this option enabled at a time`,
      )
    }
    conditionalUIProvider = webauthn.id
    const fields = Object.values(webauthn.formFields ?? {})
    if (!fields.some((field) => String(field?.autocomplete ?? "").includes("webauthn"))) {
      return new MissingWebAuthnAutocomplete(
        `Provider "${webauthn.id}" has 'enableConditionalUI' set to True, but none of its formFields have 'webauthn' in their autocomplete param`,
      )
    }
  }
  return undefined
}

const ceremonyFunctions = [
  "generateAuthenticationOptions",
  "generateRegistrationOptions",
  "verifyAuthenticationResponse",
  "verifyRegistrationResponse",
] as const

function hasEveryCeremonyFunction(own: WebAuthnProviderConfig["simpleWebAuthn"]): boolean {
  return ceremonyFunctions.every((name) => typeof own?.[name] === "function")
}
