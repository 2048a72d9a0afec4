/**
 * Microsoft Entra ID's multi-tenant issuers (`common`, `organizations`): metadata of the user's own
 * tenant. The Entra ID provider carries this step (`tokenIssuerMetadata`): other apps never bundle it.
 */
import { decodeJwt } from "jose/jwt/decode"
import type * as oauth from "oauth4webapi"
import type { customFetch } from "../auth-options.js"
import type { InternalProvider } from "../providers/types.js"
import { discoverIssuer } from "./discovery.js"

const entraProviderIds = new Set(["microsoft-entra-id", "azure-ad"])
const tenantInIssuer = /microsoftonline\.com\/([\w-]+)\/v2\.0/

/**
 * An ID token from a multi-tenant endpoint is issued by the user's tenant (`tid`), not by the
 * configured `common` issuer: the metadata of that tenant is discovered, so that oauth4webapi
 * checks the token against the issuer that really signed it. Only the tenant id is read from
 * the unverified token; the token itself is then validated in full.
 */
export async function metadataForTokenTenant(
  provider: Pick<InternalProvider<"oauth">, "id" | typeof customFetch>,
  as: oauth.AuthorizationServer,
  tokenResponse: Response,
): Promise<oauth.AuthorizationServer> {
  if (!entraProviderIds.has(provider.id)) return as
  const body = (await tokenResponse
    .clone()
    .json()
    .catch(() => undefined)) as { id_token?: unknown } | undefined
  if (typeof body?.id_token !== "string") return as
  let tid: unknown
  try {
    tid = decodeJwt(body.id_token).tid
  } catch {
    return as
  }
  const configuredTenant = tenantInIssuer.exec(as.issuer)?.[1]
  if (typeof tid !== "string" || !/^[\w-]+$/.test(tid) || !configuredTenant || configuredTenant === tid) return as
  return discoverIssuer(provider, as.issuer.replace(`/${configuredTenant}/`, `/${tid}/`))
}
