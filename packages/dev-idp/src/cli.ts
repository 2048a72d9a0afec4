#!/usr/bin/env node
/**
 * Runs the dev identity provider until interrupted, e.g.
 *
 *   node packages/dev-idp/dist/cli.js --port 4100 \
 *     --client-id gatehouse-demo --client-secret dev-secret \
 *     --redirect-uri http://localhost:3000/auth/callback/dev-idp
 *
 * Prints one JSON line `{"issuer":…}` on stdout once it is listening.
 */
import { cliUsage, parseCliOptions } from "./cli-options.js"
import { startDevIdentityProvider } from "./index.js"

async function main(): Promise<void> {
  const command = parseCliOptions(process.argv.slice(2), process.env)
  if (command.kind === "help") {
    console.log(cliUsage)
    return
  }
  if (command.kind === "invalid") {
    console.error(`dev-idp: ${command.problem}\n${cliUsage}`)
    process.exitCode = 2
    return
  }

  const idp = await startDevIdentityProvider(command.options)
  const client = command.options.clients[0]!
  console.log(JSON.stringify({ issuer: idp.issuer, clientId: client.client_id, redirectUris: client.redirect_uris }))

  const stop = () => {
    idp.close().finally(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: unknown) => {
  console.error(`dev-idp: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
})
