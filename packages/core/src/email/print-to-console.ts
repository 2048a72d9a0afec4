import { logPrefix } from "../config/logger.js"
import { readProcessEnv } from "../config/config-env.js"

/**
 * The development transport (`server: "console"`): instead of sending, prints the link and code,
 * so a demo works with no mail server. Anyone who can read the server's output could sign in as
 * anyone, so it refuses to run when NODE_ENV is "production".
 */
export function printToConsole(params: { identifier: string; url: string; code?: string; expires: Date }): void {
  if (readProcessEnv().NODE_ENV === "production") {
    throw new Error('The "console" e-mail transport prints sign-in links and is for development only; configure `server` in production')
  }
  const lines = [
    `${logPrefix}[email] Sign-in e-mail for ${params.identifier} (not sent: console transport)`,
    `  Link: ${params.url}`,
    ...(params.code ? [`  Code: ${params.code}`] : []),
    `  Expires: ${params.expires.toISOString()}`,
  ]
  console.log(lines.join("\n"))
}
