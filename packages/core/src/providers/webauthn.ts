/**
 * WebAuthn: sign in with a security key or a passkey. Experimental, as in Auth.js: it needs
 * `experimental: { enableWebAuthn: true }` and an adapter that stores authenticators.
 *
 * `@simplewebauthn/server` (version 13 or later; install it beside Gatehouse) does every
 * ceremony's crypto. This module is the only way it reaches an app: the provider carries a loader
 * that core calls when a WebAuthn route first runs, so apps without passkeys neither install nor
 * bundle it, and apps with them do not load it at start-up.
 */
import { readEmailIdentifier } from "../http/email-address.js"
import { MissingAdapter } from "../errors.js"
import { assertWebAuthnProviders } from "../webauthn/assert-webauthn-providers.js"
import { challengeLedger } from "../webauthn/challenge-ledger.js"
import { loadSimpleWebAuthn } from "../webauthn/load-simplewebauthn.js"
import { passkeySigninForm } from "../webauthn/passkey-signin-form.js"
import { webauthnFlows } from "../webauthn/webauthn-flows.js"
import type { GetUserInfo, RelayingParty, WebAuthnInternalOptions, WebAuthnProviderConfig } from "./types.js"

// The provider's types are defined with InternalOptions (./types.ts): getUserInfo and
// getRelayingParty are handed the options, which list the providers, one recursive shape.
export type { GetUserInfo, RelayingParty, SimpleWebAuthnServer, WebAuthnProviderConfig } from "./types.js"

/** Five minutes for the browser ceremony, Auth.js's default. */
export const DEFAULT_WEBAUTHN_TIMEOUT = 5 * 60 * 1000
/**
 * Kept for config compatibility only: Auth.js loads this version of the browser library from a
 * CDN, while Gatehouse's sign-in page carries its own copy (no third-party script).
 */
export const DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION = "v9.0.1"

export type WebAuthnProviderType = "WebAuthn"

/** The user's options: any field of the provider, laid over the defaults (shallowly, as Auth.js does). */
export type WebAuthnUserConfig = Partial<Omit<WebAuthnProviderConfig, "type">>

export default function WebAuthn(config: WebAuthnUserConfig = {}): WebAuthnProviderConfig {
  return {
    id: "webauthn",
    name: "WebAuthn",
    enableConditionalUI: true,
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    registrationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    formFields: {
      email: { label: "Email", required: true, autocomplete: "username webauthn" },
    },
    simpleWebAuthnBrowserVersion: DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION,
    getUserInfo: defaultGetUserInfo,
    getRelayingParty: defaultRelayingParty,
    loadSimpleWebAuthn,
    loadSigninPageScript: () => import("../webauthn/page-script/signin-page-script.js").then((module) => module.signinPageScript()),
    signinForm: passkeySigninForm,
    // Imported with the provider, not with import(): an edge bundle then carries the flows as plain
    // code (an import() makes the bundler wrap all they reach in lazy initializers), and Node's cold
    // import of core does not split the package's chunks around a lazily loaded module.
    loadFlows: async () => webauthnFlows,
    assertProviders: assertWebAuthnProviders,
    challengeLedger,
    ...config,
    type: "webauthn",
  }
}

/**
 * The `email` field (query for GET, body for POST): a known address is an existing user, an
 * unknown one a user to register, no address (or one the e-mail sign-in would refuse) nothing.
 * The address is read as the e-mail sign-in reads it (NFKC, trimmed, lower-cased, one plain
 * mailbox): taken as typed, `Victim@Example.test` was a new user beside `victim@example.test`,
 * and an owner proving the address by e-mail never found it to clean up.
 */
export const defaultGetUserInfo: GetUserInfo = async (options, request) => {
  const { adapter } = options
  if (!adapter) throw new MissingAdapter("WebAuthn provider requires a database adapter to be configured")
  const typed = request.method === "POST" ? request.body?.email : request.query?.email
  if (!typed || typeof typed !== "string") return null
  const { identifier: email } = readEmailIdentifier(typed, {})
  if (!email) return null
  const existing = await adapter.getUserByEmail(email)
  if (existing) return { user: existing, exists: true }
  return { user: { email }, exists: false }
}

/** The configured relying party (first entry of an array), else the request URL's. */
export function defaultRelayingParty(options: WebAuthnInternalOptions): RelayingParty {
  const configured = options.provider.relayingParty ?? {}
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
  return {
    id: first(configured.id) ?? options.url.hostname,
    name: first(configured.name) ?? options.url.host,
    origin: first(configured.origin) ?? options.url.origin,
  }
}
