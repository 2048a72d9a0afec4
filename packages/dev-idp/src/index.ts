/**
 * A real OpenID Connect provider (oidc-provider) on loopback, for demos and end-to-end tests:
 * registered clients come from the caller, users are test accounts, login is one click, and
 * consent is granted automatically.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from "oidc-provider"
import { escapeHtml } from "./escape-html.js"
import { renderLoginPage } from "./login-page.js"
import { claimsByScope, defaultDevUser, findDevUser, type DevUser } from "./users.js"

export { defaultDevUser, type DevUser } from "./users.js"

export interface DevClient {
  client_id: string
  /** Omit (with `token_endpoint_auth_method: "none"`) for a public client. */
  client_secret?: string
  redirect_uris: string[]
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "client_secret_jwt" | "none"
  post_logout_redirect_uris?: string[]
  /**
   * OpenID Connect Back-Channel Logout: where the IdP POSTs a logout token when the user signs out
   * at the IdP (its end-session endpoint, e.g. after a federated sign-out), for Gatehouse
   * `{origin}{basePath}/backchannel-logout/<providerId>`.
   */
  backchannel_logout_uri?: string
  /** Whether logout tokens (and ID tokens) carry the IdP session id `sid`. Default: true with a backchannel_logout_uri. */
  backchannel_logout_session_required?: boolean
}

export interface DevIdentityProviderOptions {
  clients: DevClient[]
  /** Defaults to `[defaultDevUser]`; the first user is the one prefilled on the login page. */
  users?: DevUser[]
  /** 0 (the default) picks a free port. */
  port?: number
  /** Loopback only: defaults to 127.0.0.1. */
  host?: string
  /** Seconds an ID token stays valid (oidc-provider's default: 3600). */
  idTokenTtl?: number
  /** Seconds an access token stays valid (default 3600). */
  accessTokenTtl?: number
  /**
   * Refresh tokens at every code exchange (without it, only for the `offline_access` scope), with
   * `rotate: true` a new one at every refresh: the used one is spent, and sending it again revokes
   * the grant (reuse detection). Also turns on token revocation (RFC 7009, `/token/revocation`).
   */
  refreshTokens?: { rotate: boolean }
  /**
   * The private RSA JWK (RS256) the IdP signs ID and logout tokens with. Default: a new key each
   * start. Tests pass one to sign tokens of their own with the IdP's key.
   */
  signingKey?: JsonWebKey
  /** Called with each back-channel logout delivery's outcome (the demo logs them). */
  onBackchannelLogout?: (outcome: { clientId: string; sub: string; sid?: string; error?: Error }) => void
}

export interface DevIdentityProvider {
  /** e.g. `http://127.0.0.1:43123`: discovery lives at `{issuer}/.well-known/openid-configuration`. */
  issuer: string
  port: number
  users: readonly DevUser[]
  /** The oidc-provider instance, for tests that watch its events (e.g. `grant.success`). */
  oidc: Provider
  close(): Promise<void>
}

const loopbackHosts = new Set(["127.0.0.1", "::1", "localhost"])

export async function startDevIdentityProvider(options: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const host = options.host ?? "127.0.0.1"
  if (!loopbackHosts.has(host)) throw new Error(`dev-idp listens on loopback only, not on "${host}"`)
  if (!options.clients?.length) throw new Error("dev-idp needs at least one registered client")
  const users = options.users?.length ? options.users : [defaultDevUser]

  const server = createServer()
  await listen(server, options.port ?? 0, host)
  const { port } = server.address() as AddressInfo
  const issuer = `http://${host.includes(":") ? `[${host}]` : host}:${port}`

  const provider = new Provider(issuer, buildConfiguration(options, users))
  // The tests and the demo talk to it over plain http on loopback: trust that as-is.
  provider.proxy = false
  provider.on("backchannel.success", (_ctx, client, sub, sid) => {
    options.onBackchannelLogout?.({ clientId: client.clientId, sub, sid })
  })
  provider.on("backchannel.error", (_ctx, error, client, sub, sid) => {
    options.onBackchannelLogout?.({ clientId: client.clientId, sub, sid, error })
  })
  const providerHandler = provider.callback()

  server.on("request", (req, res) => {
    const path = new URL(req.url ?? "/", issuer).pathname
    if (path.startsWith("/interaction/")) {
      handleInteraction(provider, users, path, req, res).catch((error: unknown) => sendFailure(res, error))
    } else {
      providerHandler(req, res)
    }
  })

  return {
    issuer,
    port,
    users,
    oidc: provider,
    close: () => closeServer(server),
  }
}

function buildConfiguration(options: DevIdentityProviderOptions, users: readonly DevUser[]): Configuration {
  const signingKey = options.signingKey ?? generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" })
  return {
    clients: options.clients.map(toClientMetadata),
    jwks: { keys: [{ kid: randomBytes(8).toString("hex"), ...signingKey, use: "sig", alg: "RS256" }] as never },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: claimsByScope,
    // Release scope claims in the ID token too, as most hosted providers do: OIDC clients read the profile from it.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
      ...(options.refreshTokens ? { revocation: { enabled: true } } : {}),
    },
    ...(options.refreshTokens
      ? {
          issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
          rotateRefreshToken: () => options.refreshTokens!.rotate,
        }
      : {}),
    // oidc-provider refuses outgoing requests to loopback and private addresses (SSRF protection);
    // the dev IdP's clients live on loopback, so its logout tokens go out with plain fetch.
    fetch: (url, init) => fetch(url, { ...init, dispatcher: undefined } as RequestInit),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const user = users.find((candidate) => candidate.sub === sub)
      if (!user) return undefined
      return { accountId: user.sub, claims: () => ({ ...user }) }
    },
    loadExistingGrant: grantEverythingRequested,
    ttl: {
      // Long enough for a person in a browser, short enough that stale codes do not linger.
      AuthorizationCode: 300,
      IdToken: options.idTokenTtl ?? 3600,
      AccessToken: options.accessTokenTtl ?? 3600,
      Interaction: 900,
      Session: 3600,
      Grant: 3600,
    },
    renderError: (ctx, out) => {
      ctx.type = "html"
      const lines = Object.entries(out).map(([key, value]) => `<p><strong>${key}</strong>: ${escapeHtml(String(value))}</p>`)
      ctx.body = `<!doctype html><html><head><title>Dev IdP error</title></head><body><h1>Dev IdP error</h1>${lines.join("")}</body></html>`
    },
  }
}

function toClientMetadata(client: DevClient): ClientMetadata {
  const method = registeredAuthMethod(client)
  return {
    client_id: client.client_id,
    ...(method === "none" ? {} : { client_secret: client.client_secret }),
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris ?? [],
    ...(client.backchannel_logout_uri
      ? {
          backchannel_logout_uri: client.backchannel_logout_uri,
          backchannel_logout_session_required: client.backchannel_logout_session_required ?? true,
        }
      : {}),
    token_endpoint_auth_method: method,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  }
}

/** Automatic consent: whatever OIDC scopes and claims the client asks for are granted. */
async function grantEverythingRequested(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx
  const accountId = oidc.session?.accountId
  if (!accountId || !oidc.client) return undefined
  const existingId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(oidc.client.clientId)
  const grant =
    (existingId && (await oidc.provider.Grant.find(existingId))) || new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId })
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(" "))
  const requestedClaims = [...oidc.requestParamClaims]
  if (requestedClaims.length) grant.addOIDCClaims(requestedClaims)
  await grant.save()
  return grant
}

async function handleInteraction(
  provider: Provider,
  users: readonly DevUser[],
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res)
  const action = path.split("/")[3]

  if (req.method === "GET" && action === undefined) {
    if (details.prompt.name === "login") {
      const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined
      sendHtml(
        res,
        200,
        renderLoginPage({
          uid: details.uid,
          clientId: String(details.params.client_id),
          users,
          prefilledLogin: hint ?? users[0]!.sub,
        }),
      )
      return
    }
    // Consent is normally satisfied by the automatic grant; finish any other prompt the same way.
    await provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true })
    return
  }

  if (req.method === "POST" && action === "login") {
    const form = new URLSearchParams(await readBody(req))
    const user = findDevUser(users, form.get("username") ?? "")
    if (!user) {
      sendHtml(
        res,
        400,
        renderLoginPage({
          uid: details.uid,
          clientId: String(details.params.client_id),
          users,
          prefilledLogin: form.get("username") ?? "",
          error: "No such user at this dev identity provider.",
        }),
      )
      return
    }
    await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false })
    return
  }

  if (req.method === "POST" && action === "abort") {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The user cancelled the sign-in." },
      { mergeWithLastSubmission: false },
    )
    return
  }

  sendHtml(res, 404, "<!doctype html><title>Not found</title><h1>Not found</h1>")
}

const maxFormBytes = 16 * 1024

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > maxFormBytes) {
        reject(new Error("form too large"))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })
}

function registeredAuthMethod(client: DevClient): NonNullable<DevClient["token_endpoint_auth_method"]> {
  return client.token_endpoint_auth_method ?? (client.client_secret ? "client_secret_basic" : "none")
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status
  res.setHeader("Content-Type", "text/html; charset=utf-8")
  res.setHeader("Cache-Control", "no-store")
  res.end(html)
}

/** An expired or unknown interaction (e.g. a stale tab) gets a readable page, never a stack trace. */
function sendFailure(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.end()
    return
  }
  const message = error instanceof Error ? error.message : "unexpected error"
  sendHtml(res, 400, `<!doctype html><title>Dev IdP error</title><h1>Dev IdP error</h1><p>${escapeHtml(message)}</p>`)
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    server.closeAllConnections()
  })
}
