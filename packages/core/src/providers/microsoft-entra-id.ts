import { customFetch } from "../auth-options.js"
import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import { patchDiscoveryDocument } from "../oauth/discovery.js"
import { metadataForTokenTenant } from "../oauth/entra-tenant.js"

/** Claims of a Microsoft identity platform (v2.0) ID token. */
export interface MicrosoftEntraIDProfile extends ProviderClaims {
  aud: string
  iss: string
  iat: number
  nbf: number
  exp: number
  sub: string
  /** The user's object id, the same in every app of the tenant. */
  oid: string
  /** The tenant the user signed in to. */
  tid: string
  name: string
  preferred_username: string
  email?: string
  given_name?: string
  family_name?: string
  roles?: string[]
  groups?: string[]
  upn?: string
  ver: "2.0"
}

/** The sizes Microsoft Graph serves profile photos in. */
export type ProfilePhotoSize = 48 | 64 | 96 | 120 | 240 | 360 | 432 | 504 | 648

export interface MicrosoftEntraIDOptions extends OAuthUserConfig<MicrosoftEntraIDProfile> {
  /** Side of the square photo read from Microsoft Graph; 48 by default. */
  profilePhotoSize?: ProfilePhotoSize
}

const defaultIssuer = "https://login.microsoftonline.com/common/v2.0"
const tenantInIssuer = /microsoftonline\.com\/([\w.-]+)\/v2\.0/

/**
 * Microsoft Entra ID, formerly Azure AD (OpenID Connect, `AUTH_MICROSOFT_ENTRA_ID_ID` /
 * `AUTH_MICROSOFT_ENTRA_ID_SECRET`, issuer from `AUTH_MICROSOFT_ENTRA_ID_ISSUER`).
 * The issuer picks the tenant: `https://login.microsoftonline.com/{tenant}/v2.0`, with `common`
 * (any work, school or personal account) by default. The user's photo is read from Microsoft
 * Graph and inlined as a data URL, since Graph photo URLs need the access token.
 */
export default function MicrosoftEntraID(options: MicrosoftEntraIDOptions = {}): OIDCConfig<MicrosoftEntraIDProfile> {
  const photoSize = options.profilePhotoSize ?? 48
  const issuer = options.issuer ?? (readEnv("AUTH_MICROSOFT_ENTRA_ID_ISSUER") || defaultIssuer)
  const userFetch = () => options[customFetch] ?? globalThis.fetch

  return {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    authorization: { params: { scope: "openid profile email User.Read" } },
    async profile(profile, tokens) {
      const image = await readProfilePhoto(userFetch(), photoSize, tokens.access_token)
      return { id: profile.sub, name: profile.name, email: profile.email, image }
    },
    [customFetch]: patchDiscoveryDocument(userFetch, (metadata) => withTenantIssuer(metadata, issuer)),
    // An ID token of a multi-tenant issuer is checked against the user's own tenant.
    tokenIssuerMetadata: metadataForTokenTenant,
    style: { text: "#fff", bg: "#0072c6" },
    options: { ...options, issuer },
  }
}

function readEnv(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name]
}

/** The photo as a data URL, or null when the user has none or Graph cannot be reached. */
async function readProfilePhoto(fetchImpl: typeof fetch, size: ProfilePhotoSize, accessToken: string | undefined): Promise<string | null> {
  try {
    const response = await fetchImpl(`https://graph.microsoft.com/v1.0/me/photos/${size}x${size}/$value`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    })
    if (!response.ok) return null
    const bytes = new Uint8Array(await response.arrayBuffer())
    // The space after the comma is Auth.js's format; data URL decoding ignores it.
    return `data:image/jpeg;base64, ${toBase64(bytes)}`
  } catch {
    // A missing photo must not stop the sign-in.
    return null
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = ""
  const chunk = 0x8000
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk))
  }
  return btoa(binary)
}

/**
 * The multi-tenant endpoints publish the issuer as `…/{tenantid}/v2.0`, a template that would
 * never match the configured issuer; it is filled in with the configured tenant.
 */
function withTenantIssuer(metadata: Record<string, unknown>, configuredIssuer: string): Record<string, unknown> {
  const tenant = configuredIssuer.match(tenantInIssuer)?.[1] ?? "common"
  const issuer = typeof metadata.issuer === "string" ? metadata.issuer.replace("{tenantid}", tenant) : metadata.issuer
  return { ...metadata, issuer }
}
