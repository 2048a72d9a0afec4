/**
 * `@gatehouse/core/providers`: the provider configuration types. Each ready-made provider is
 * its own module, `@gatehouse/core/providers/<id>`, default-exporting a factory.
 */
export type {
  ClaimsProfile,
  ProviderClaims,
  CommonProviderOptions,
  CredentialInput,
  CredentialsConfig,
  EmailConfig,
  SendVerificationRequestParams,
  OAuth2Config,
  OAuthConfig,
  OAuthUserConfig,
  OIDCConfig,
  Provider,
  ProviderType,
  WebAuthnConfig,
} from "./types.js"
