/**
 * Revokes a refresh token at an OpenID provider (RFC 7009), which revokes its whole grant: how the
 * token-refresh tests make the provider refuse the next refresh. Client authentication is HTTP Basic.
 */
export async function revokeAtProvider(
  issuer: string,
  client: { client_id: string; client_secret?: string },
  refreshToken: string,
): Promise<void> {
  if (client.client_secret === undefined) throw new Error(`revokeAtProvider: client ${client.client_id} has no secret for HTTP Basic`)
  const response = await fetch(`${issuer}/token/revocation`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`,
    },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token" }),
  })
  if (response.status !== 200) throw new Error(`The provider refused to revoke the refresh token: ${response.status}`)
}
