/** How the client proves itself at the token endpoint (`client.token_endpoint_auth_method`). */
import * as oauth from "oauth4webapi"
import type { InternalProvider } from "../providers/types.js"

type OAuthProvider = InternalProvider<"oauth">

/** `{ client_id, ...provider.client }`, the client metadata oauth4webapi works with. */
export function clientOf(provider: OAuthProvider): oauth.Client {
  return { client_id: provider.clientId!, ...provider.client } as oauth.Client
}

export function clientAuthentication(provider: OAuthProvider, as: oauth.AuthorizationServer): oauth.ClientAuth {
  const method = provider.client?.token_endpoint_auth_method
  switch (method) {
    case undefined:
    case "client_secret_basic":
      return clientSecretBasic(requireSecret(provider))
    case "client_secret_post":
      return oauth.ClientSecretPost(requireSecret(provider))
    case "client_secret_jwt":
      return oauth.ClientSecretJwt(requireSecret(provider))
    case "private_key_jwt":
      return oauth.PrivateKeyJwt(provider.token?.clientPrivateKey as oauth.CryptoKey | oauth.PrivateKey, {
        // Some servers accept only their issuer, others only the token endpoint: name both.
        [oauth.modifyAssertion](_header, payload) {
          payload.aud = [as.issuer, as.token_endpoint!].filter(Boolean)
        },
      })
    case "none":
      return oauth.None()
    default:
      throw new TypeError(`unsupported client authentication method: ${String(method)}`)
  }
}

/**
 * HTTP Basic with each part form-url-encoded the way Auth.js does it (encodeURIComponent, spaces
 * as `+`). oauth4webapi's own variant also escapes `-`, `.`, `_`…, which providers that do not
 * url-decode Basic credentials (with client ids like `123-abc.apps.example.com`) reject.
 */
function clientSecretBasic(clientSecret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    const encode = (part: string) => encodeURIComponent(part).replace(/%20/g, "+")
    headers.set("authorization", `Basic ${btoa(`${encode(client.client_id)}:${encode(clientSecret)}`)}`)
  }
}

function requireSecret(provider: OAuthProvider): string {
  if (typeof provider.clientSecret !== "string") {
    throw new TypeError(
      `Provider "${provider.id}" has no client secret: set clientSecret (or AUTH_${provider.id.toUpperCase().replace(/-/g, "_")}_SECRET)`,
    )
  }
  return provider.clientSecret
}
