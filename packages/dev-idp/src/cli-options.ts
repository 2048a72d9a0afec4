/** Turns the CLI's flags and environment into dev identity provider options. */
import { parseArgs } from "node:util"
import type { DevIdentityProviderOptions } from "./index.js"

export const cliUsage = `Usage: gatehouse-dev-idp [--port N] [--host 127.0.0.1] --client-id ID [--client-secret SECRET]
         [--auth-method client_secret_basic|client_secret_post|none] --redirect-uri URL [--redirect-uri URL ...]
         [--post-logout-redirect-uri URL ...] [--backchannel-logout-uri URL]
Environment: DEV_IDP_PORT, DEV_IDP_CLIENT_ID, DEV_IDP_CLIENT_SECRET, DEV_IDP_AUTH_METHOD,
             DEV_IDP_REDIRECT_URIS, DEV_IDP_POST_LOGOUT_REDIRECT_URIS (comma-separated), DEV_IDP_BACKCHANNEL_LOGOUT_URI`

const authMethods = ["client_secret_basic", "client_secret_post", "none"] as const
type AuthMethod = (typeof authMethods)[number]

export type CliCommand = { kind: "help" } | { kind: "invalid"; problem: string } | { kind: "start"; options: DevIdentityProviderOptions }

export function parseCliOptions(argv: string[], env: Record<string, string | undefined>): CliCommand {
  // biome-ignore lint/suspicious/noImplicitAnyLet: TypeScript types it from parseArgs's result in the try below (control-flow typing)
  let values
  try {
    values = parseArgs({
      args: argv,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "client-id": { type: "string" },
        "client-secret": { type: "string" },
        "auth-method": { type: "string" },
        "redirect-uri": { type: "string", multiple: true },
        "post-logout-redirect-uri": { type: "string", multiple: true },
        "backchannel-logout-uri": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values
  } catch (error) {
    return { kind: "invalid", problem: error instanceof Error ? error.message : String(error) }
  }
  if (values.help) return { kind: "help" }

  const clientId = values["client-id"] ?? env.DEV_IDP_CLIENT_ID
  const clientSecret = values["client-secret"] ?? env.DEV_IDP_CLIENT_SECRET
  const authMethod = values["auth-method"] ?? env.DEV_IDP_AUTH_METHOD
  const redirectUris =
    values["redirect-uri"] ??
    env.DEV_IDP_REDIRECT_URIS?.split(",")
      .map((uri) => uri.trim())
      .filter(Boolean)
  const postLogoutRedirectUris =
    values["post-logout-redirect-uri"] ??
    env.DEV_IDP_POST_LOGOUT_REDIRECT_URIS?.split(",")
      .map((uri) => uri.trim())
      .filter(Boolean)
  const backchannelLogoutUri = values["backchannel-logout-uri"] ?? env.DEV_IDP_BACKCHANNEL_LOGOUT_URI
  const portText = values.port ?? env.DEV_IDP_PORT ?? "0"
  const port = Number(portText)

  if (!clientId) return { kind: "invalid", problem: "a client id is required (--client-id or DEV_IDP_CLIENT_ID)" }
  if (!redirectUris?.length) return { kind: "invalid", problem: "at least one redirect URI is required (--redirect-uri)" }
  for (const uri of [...redirectUris, ...(postLogoutRedirectUris ?? []), ...(backchannelLogoutUri ? [backchannelLogoutUri] : [])]) {
    if (!URL.canParse(uri)) return { kind: "invalid", problem: `not an absolute URL: ${uri}` }
  }
  if (!/^\d+$/.test(portText) || port > 65535) return { kind: "invalid", problem: `not a port number: ${portText}` }
  if (authMethod !== undefined && !authMethods.includes(authMethod as AuthMethod)) {
    return { kind: "invalid", problem: `unknown --auth-method ${authMethod}` }
  }
  if (authMethod !== "none" && !clientSecret) {
    return { kind: "invalid", problem: "a client secret is required unless --auth-method none" }
  }

  return {
    kind: "start",
    options: {
      port,
      host: values.host,
      clients: [
        {
          client_id: clientId,
          client_secret: authMethod === "none" ? undefined : clientSecret,
          redirect_uris: redirectUris,
          token_endpoint_auth_method: authMethod as AuthMethod | undefined,
          ...(postLogoutRedirectUris?.length ? { post_logout_redirect_uris: postLogoutRedirectUris } : {}),
          ...(backchannelLogoutUri ? { backchannel_logout_uri: backchannelLogoutUri } : {}),
        },
      ],
    },
  }
}
