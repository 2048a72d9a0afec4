/**
 * WebAuthn: sign in with a security key or a passkey. Experimental, as in Auth.js: it needs
 * `experimental: { enableWebAuthn: true }` and an adapter that stores authenticators.
 *
 * `@simplewebauthn/server` (version 13 or later; install it beside Gatehouse) does every
 * ceremony's crypto. This module is the only way it reaches an app: the provider carries a loader
 * that core calls when a WebAuthn route first runs, so apps without passkeys neither install nor
 * bundle it, and apps with them do not load it at start-up.
 */
import { readEmailIdentifier } from "../email/email-address.js"
import type { AuthError } from "../errors.js"
import type {
  GenerateAuthenticationOptionsOpts,
  GenerateRegistrationOptionsOpts,
  VerifyAuthenticationResponseOpts,
  VerifyRegistrationResponseOpts,
} from "@simplewebauthn/server"
import type { Adapter, AdapterUser } from "../adapters.js"
import { MissingAdapter } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Awaitable, RateLimitStore } from "../primitives.js"
import { assertWebAuthnProviders } from "../webauthn/assert-webauthn-providers.js"
import { challengeLedger, type ChallengeLedger } from "../webauthn/challenge-ledger.js"
import { loadSimpleWebAuthn } from "../webauthn/load-simplewebauthn.js"
import type { InlineScript } from "../webauthn/page-script/signin-page-script.js"
import type { WebAuthnFlows } from "../webauthn/webauthn-flows.js"
import type { WebAuthnInternalOptions } from "../webauthn/webauthn-internal-options.js"
import type { CommonProviderOptions, CredentialInput } from "./types.js"

/** Five minutes for the browser ceremony, Auth.js's default. */
export const DEFAULT_WEBAUTHN_TIMEOUT = 5 * 60 * 1000
/**
 * Kept for config compatibility only: Auth.js loads this version of the browser library from a
 * CDN, while Gatehouse's sign-in page carries its own copy (no third-party script).
 */
export const DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION = "v9.0.1"

/** The site the credentials belong to: RP ID (a domain), display name, and the expected origin. */
export interface RelayingParty {
  id: string
  name: string
  origin: string
}

/** What `getUserInfo` tells the options route: a known user, a new one to register, or nothing. */
export type GetUserInfo = (
  options: WebAuthnInternalOptions,
  request: RequestInternal,
) => Awaitable<{ user: Partial<AdapterUser> & { email: string }; exists: boolean } | null>

/** The four @simplewebauthn/server functions core uses; a provider may bring its own. */
export interface SimpleWebAuthnServer {
  generateAuthenticationOptions: typeof import("@simplewebauthn/server").generateAuthenticationOptions
  generateRegistrationOptions: typeof import("@simplewebauthn/server").generateRegistrationOptions
  verifyAuthenticationResponse: typeof import("@simplewebauthn/server").verifyAuthenticationResponse
  verifyRegistrationResponse: typeof import("@simplewebauthn/server").verifyRegistrationResponse
}

export interface WebAuthnProviderConfig extends CommonProviderOptions {
  type: "webauthn"
  /** Offer the user's passkeys in the e-mail field's autofill. Only one provider may. Default true. */
  enableConditionalUI: boolean
  /** Validated as Auth.js does (`v<n>[.<n>[.<n>]]`, or false); the page uses its bundled copy. */
  simpleWebAuthnBrowserVersion: string | false
  /** The relying party; each field defaults from the request URL (hostname, host, origin). */
  relayingParty?: { id?: string | string[]; name?: string | string[]; origin?: string | string[] }
  authenticationOptions?: Partial<GenerateAuthenticationOptionsOpts>
  /**
   * Laid over Gatehouse's. `authenticatorSelection.residentKey` is `required` unless set here: sign-in
   * options then name no credential, so they tell nobody whether an address has passkeys. Setting it
   * to "preferred" or "discouraged" (credentials registered so under Auth.js need it) makes sign-in
   * list the typed address's credentials again, as Auth.js does.
   */
  registrationOptions?: Partial<GenerateRegistrationOptionsOpts>
  verifyAuthenticationOptions?: Partial<VerifyAuthenticationResponseOpts>
  verifyRegistrationOptions?: Partial<VerifyRegistrationResponseOpts>
  /** Inputs of the sign-in form; one needs `autocomplete` containing `webauthn` for conditional UI. */
  formFields: Record<string, CredentialInput>
  getUserInfo: GetUserInfo
  getRelayingParty: (options: WebAuthnInternalOptions, request: RequestInternal) => RelayingParty
  /** Loads @simplewebauthn/server on first use; set by this factory, so only passkey apps bundle the package. */
  loadSimpleWebAuthn?: () => Promise<SimpleWebAuthnServer>
  /** Replaces functions of the loaded @simplewebauthn/server (tests, or a pinned copy). */
  simpleWebAuthn?: Partial<SimpleWebAuthnServer>
  /**
   * Loads the sign-in page's passkey script (the browser library and the form's behaviour, ~17 kB);
   * set by this factory, so only passkey apps bundle it (a Workers bundle inlines every dynamic import).
   */
  loadSigninPageScript?: () => Promise<InlineScript>
  /**
   * Loads the provider's routes (ceremony options, verification, sign-in); set by this factory, so
   * apps without passkeys bundle none of that code (webauthn/webauthn-flows.ts).
   */
  loadFlows?: () => Promise<WebAuthnFlows>
  /**
   * The config checks of every WebAuthn provider of the app (webauthn/assert-webauthn-providers.ts);
   * set by this factory and run by the config check, so apps without passkeys do not bundle them.
   */
  assertProviders?: (providers: readonly { type: string }[]) => AuthError | undefined
  /**
   * Makes the config's ledger of answered challenges (webauthn/challenge-ledger.ts); set by this
   * factory, so apps without passkeys do not bundle it.
   */
  challengeLedger?: (sharedStore: RateLimitStore | undefined, adapter: Adapter | undefined) => ChallengeLedger
}

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
    loadFlows: () => import("../webauthn/webauthn-flows.js").then((module) => module.webauthnFlows),
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
