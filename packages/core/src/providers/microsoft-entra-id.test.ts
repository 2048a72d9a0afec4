import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import AzureAD from "./azure-ad.js"
import MicrosoftEntraID, { type MicrosoftEntraIDProfile } from "./microsoft-entra-id.js"

const claims = {
  aud: "6731de76-14a6-49ae-97bc-6eba6914391e",
  iss: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
  iat: 1700000000,
  nbf: 1700000000,
  exp: 1700003600,
  sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
  oid: "00000000-0000-0000-66f3-3332eca7ea81",
  tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
  name: "Abe Lincoln",
  preferred_username: "AbeLi@microsoft.com",
  email: "AbeLi@microsoft.com",
  ver: "2.0",
} satisfies MicrosoftEntraIDProfile

/** A fetch stand-in for Microsoft Graph and the discovery endpoint, recording what it was asked. */
function graphStandIn(answer: (url: string) => Response | Promise<Response>) {
  const calls: Array<{ url: string; authorization: string | null }> = []
  const fetchStandIn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    calls.push({ url, authorization: new Headers(init?.headers).get("authorization") })
    return answer(url)
  }) as typeof fetch
  return { fetchStandIn, calls }
}

const envName = "AUTH_MICROSOFT_ENTRA_ID_ISSUER"
const envBefore = process.env[envName]
afterEach(() => {
  if (envBefore === undefined) delete process.env[envName]
  else process.env[envName] = envBefore
})

describe("Microsoft Entra ID config", () => {
  it("is OIDC on the common tenant by default, asking Graph's User.Read too", () => {
    delete process.env[envName]
    const config = MicrosoftEntraID({ clientId: "id" })
    expect(config).toMatchObject({
      id: "microsoft-entra-id",
      name: "Microsoft Entra ID",
      type: "oidc",
      authorization: { params: { scope: "openid profile email User.Read" } },
      style: { text: "#fff", bg: "#0072c6" },
    })
    expect(config.options).toEqual({ clientId: "id", issuer: "https://login.microsoftonline.com/common/v2.0" })
    expect(config.checks).toBeUndefined()
    expect(typeof config[customFetch]).toBe("function")
  })

  it("takes the issuer from the options first, then from AUTH_MICROSOFT_ENTRA_ID_ISSUER", () => {
    process.env[envName] = "https://login.microsoftonline.com/from-env/v2.0"
    expect(MicrosoftEntraID({}).options?.issuer).toBe("https://login.microsoftonline.com/from-env/v2.0")
    const explicit = "https://login.microsoftonline.com/contoso/v2.0"
    expect(MicrosoftEntraID({ issuer: explicit }).options?.issuer).toBe(explicit)
  })

  it("does not change the caller's options object", () => {
    const options = { clientId: "id" }
    MicrosoftEntraID(options)
    expect(options).toEqual({ clientId: "id" })
  })

  it("azure-ad is the same provider under its former id and name", () => {
    const entra = MicrosoftEntraID({ clientId: "id" })
    const azure = AzureAD({ clientId: "id" })
    expect(azure.id).toBe("azure-ad")
    expect(azure.name).toBe("Azure Active Directory")
    expect(azure.authorization).toEqual(entra.authorization)
    expect(azure.options).toEqual(entra.options)
    expect(typeof azure.profile).toBe("function")
    expect(typeof azure[customFetch]).toBe("function")
  })
})

describe("Microsoft Entra ID profile", () => {
  it("inlines the Graph photo of the requested size as a data URL", async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46])
    const graph = graphStandIn(() => new Response(photo, { headers: { "content-type": "image/jpeg" } }))
    const config = MicrosoftEntraID({ profilePhotoSize: 96, [customFetch]: graph.fetchStandIn })
    const user = await config.profile!(claims, { access_token: "graph-token" })
    expect(user).toEqual({
      id: claims.sub,
      name: "Abe Lincoln",
      email: "AbeLi@microsoft.com",
      image: `data:image/jpeg;base64, ${Buffer.from(photo).toString("base64")}`,
    })
    expect(graph.calls).toEqual([{ url: "https://graph.microsoft.com/v1.0/me/photos/96x96/$value", authorization: "Bearer graph-token" }])
  })

  it("asks for 48×48 by default", async () => {
    const graph = graphStandIn(() => new Response(new Uint8Array([1, 2, 3])))
    await MicrosoftEntraID({ [customFetch]: graph.fetchStandIn }).profile!(claims, { access_token: "t" })
    expect(graph.calls[0].url).toBe("https://graph.microsoft.com/v1.0/me/photos/48x48/$value")
  })

  it("signs in without an image when the user has no photo or Graph is unreachable", async () => {
    const noPhoto = graphStandIn(() => Response.json({ error: { code: "ImageNotFound" } }, { status: 404 }))
    const user = await MicrosoftEntraID({ [customFetch]: noPhoto.fetchStandIn }).profile!(claims, { access_token: "t" })
    expect(user).toEqual({ id: claims.sub, name: "Abe Lincoln", email: "AbeLi@microsoft.com", image: null })

    const unreachable = graphStandIn(() => Promise.reject(new TypeError("fetch failed")))
    const offline = await MicrosoftEntraID({ [customFetch]: unreachable.fetchStandIn }).profile!(claims, { access_token: "t" })
    expect(offline.image).toBeNull()
  })
})

describe("Microsoft Entra ID discovery", () => {
  const templated = {
    issuer: "https://login.microsoftonline.com/{tenantid}/v2.0",
    authorization_endpoint: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    jwks_uri: "https://login.microsoftonline.com/common/discovery/v2.0/keys",
  }

  it("fills the {tenantid} template with the configured tenant", async () => {
    const upstream = graphStandIn(() => Response.json(templated))
    const config = MicrosoftEntraID({ issuer: "https://login.microsoftonline.com/contoso/v2.0", [customFetch]: upstream.fetchStandIn })
    const discovered = await config[customFetch]!("https://login.microsoftonline.com/contoso/v2.0/.well-known/openid-configuration")
    expect(await discovered.json()).toEqual({ ...templated, issuer: "https://login.microsoftonline.com/contoso/v2.0" })
    expect(upstream.calls).toHaveLength(1)
  })

  it("uses `common` for the default issuer, matching what discovery is validated against", async () => {
    delete process.env[envName]
    const upstream = graphStandIn(() => Response.json(templated))
    const config = MicrosoftEntraID({ [customFetch]: upstream.fetchStandIn })
    const discovered = await config[customFetch]!(new URL(`${config.options!.issuer}/.well-known/openid-configuration`))
    expect((await discovered.json()).issuer).toBe(config.options!.issuer)
  })

  it("passes every other request through untouched", async () => {
    const tokenAnswer = Response.json({ access_token: "a", token_type: "Bearer", issuer: "{tenantid}" })
    const upstream = graphStandIn(() => tokenAnswer)
    const config = MicrosoftEntraID({ [customFetch]: upstream.fetchStandIn })
    const response = await config[customFetch]!("https://login.microsoftonline.com/common/oauth2/v2.0/token", { method: "POST" })
    expect(response).toBe(tokenAnswer)
  })
})

describe("Microsoft Entra ID token issuer", () => {
  const common = "https://login.microsoftonline.com/common/v2.0"
  const tenantIssuer = `https://login.microsoftonline.com/${claims.tid}/v2.0`
  const unsignedIdToken = (payload: object) =>
    `${Buffer.from(JSON.stringify({ alg: "RS256" })).toString("base64url")}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.sig`

  it("is carried by the provider (and Azure AD's): a token from `common` is checked against the user's own tenant", async () => {
    const upstream = graphStandIn(() => Response.json({ issuer: tenantIssuer, token_endpoint: `${tenantIssuer}/token` }))
    const provider = { ...MicrosoftEntraID({ [customFetch]: upstream.fetchStandIn }), id: "microsoft-entra-id" }
    expect(AzureAD().tokenIssuerMetadata).toBe(provider.tokenIssuerMetadata)
    const tokenResponse = Response.json({ access_token: "a", token_type: "Bearer", id_token: unsignedIdToken(claims) })
    const metadata = await provider.tokenIssuerMetadata!(provider as never, { issuer: common }, tokenResponse)
    expect(metadata.issuer).toBe(tenantIssuer)
    expect(upstream.calls.map((call) => call.url)).toEqual([`${tenantIssuer}/.well-known/openid-configuration`])
    // The token response itself is left for the callback to read.
    expect(tokenResponse.bodyUsed).toBe(false)
  })

  it("keeps the configured metadata for a token of the configured tenant", async () => {
    const upstream = graphStandIn(() => Response.json({}))
    const provider = MicrosoftEntraID({ [customFetch]: upstream.fetchStandIn })
    const configured = { issuer: tenantIssuer }
    const tokenResponse = Response.json({ access_token: "a", token_type: "Bearer", id_token: unsignedIdToken(claims) })
    expect(await provider.tokenIssuerMetadata!(provider as never, configured, tokenResponse)).toBe(configured)
    expect(upstream.calls).toEqual([])
  })
})
