import { exportJWK, generateKeyPair, SignJWT } from "jose"
import * as oauth from "oauth4webapi"
import { describe, expect, it } from "vitest"
import { verifyIdTokenSignature } from "./id-token-signature.js"

const issuer = "https://idp.example.test"
const as: oauth.AuthorizationServer = { issuer, jwks_uri: `${issuer}/jwks`, token_endpoint: `${issuer}/token` }
const client: oauth.Client = { client_id: "app" }

/** A token endpoint answer with `idToken`, processed as the callback processes it (its claims checked). */
async function processedAnswer(idToken: string, by = client): Promise<{ response: Response; tokens: oauth.TokenEndpointResponse }> {
  const response = Response.json({ access_token: "at", token_type: "Bearer", id_token: idToken })
  const tokens = await oauth.processAuthorizationCodeResponse(as, by, response, { requireIdToken: true })
  return { response, tokens }
}

function idToken(alg: string) {
  return new SignJWT({})
    .setProtectedHeader({ alg, kid: "k" })
    .setIssuer(issuer)
    .setAudience("app")
    .setSubject("ada")
    .setIssuedAt()
    .setExpirationTime("5m")
}

/** The issuer's key set, as its jwks_uri serves it; `fetched` counts the requests. */
function jwksFetch(keys: object[]) {
  const calls: string[] = []
  const fetchStandIn = (async (input: string | URL | Request) => {
    calls.push(String(input instanceof Request ? input.url : input))
    return Response.json({ keys }, { headers: { "content-type": "application/json" } })
  }) as typeof fetch
  return { calls, options: { [oauth.customFetch]: fetchStandIn, [oauth.allowInsecureRequests]: true as const } }
}

describe("verifyIdTokenSignature", () => {
  it("accepts an ID token signed with a key of the issuer's key set", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256")
    const { response, tokens } = await processedAnswer(await idToken("RS256").sign(privateKey))
    const jwks = jwksFetch([{ ...(await exportJWK(publicKey)), kid: "k", alg: "RS256", use: "sig" }])
    await expect(verifyIdTokenSignature(as, response, tokens, jwks.options)).resolves.toBeUndefined()
    expect(jwks.calls).toEqual([as.jwks_uri])
  })

  it("refuses an ID token whose signature no key of the issuer's key set made", async () => {
    const signer = await generateKeyPair("RS256")
    const other = await generateKeyPair("RS256")
    const { response, tokens } = await processedAnswer(await idToken("RS256").sign(signer.privateKey))
    const jwks = jwksFetch([{ ...(await exportJWK(other.publicKey)), kid: "k", alg: "RS256", use: "sig" }])
    await expect(verifyIdTokenSignature(as, response, tokens, jwks.options)).rejects.toThrow()
  })

  it("leaves an HMAC-signed ID token (keyed with the client secret) to the claim checks, fetching nothing", async () => {
    const hmacClient = { ...client, id_token_signed_response_alg: "HS256" }
    const secret = new TextEncoder().encode("client-secret-client-secret-32-b")
    const { response, tokens } = await processedAnswer(await idToken("HS256").sign(secret), hmacClient)
    const jwks = jwksFetch([])
    await expect(verifyIdTokenSignature(as, response, tokens, jwks.options)).resolves.toBeUndefined()
    expect(jwks.calls).toEqual([])
  })

  it("checks nothing for an issuer without a key set", async () => {
    const { privateKey } = await generateKeyPair("RS256")
    const { response, tokens } = await processedAnswer(await idToken("RS256").sign(privateKey))
    const jwks = jwksFetch([])
    await expect(verifyIdTokenSignature({ ...as, jwks_uri: undefined }, response, tokens, jwks.options)).resolves.toBeUndefined()
    expect(jwks.calls).toEqual([])
  })
})
