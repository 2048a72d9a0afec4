// `npm run demo -w @gatehouse/example-next`: builds the example and serves it on http://localhost:3000
// (PORT to change), with everything a visitor needs to try each way of signing in:
//   - credentials: username "demo", password "demo";
//   - the local OpenID provider (@gatehouse/dev-idp) on a free loopback port;
//   - e-mail links and codes, caught by a local SMTP server and printed here instead of sent.
// Sessions and users live in SQLite (DATABASE_PATH, default ./gatehouse-example.db).
import { spawn, spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const exampleDir = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)
const nextBin = join(dirname(require.resolve("next/package.json")), "dist", "bin", "next")
const port = Number(process.env.PORT ?? 3000)

const build = spawnSync(process.execPath, [nextBin, "build"], {
  cwd: exampleDir,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
})
if (build.status !== 0) process.exit(build.status ?? 1)

const { startDevIdentityProvider } = await import("@gatehouse/dev-idp")
const idpClient = { client_id: "gatehouse-next-demo", client_secret: randomBytes(16).toString("hex") }
const idp = await startDevIdentityProvider({
  clients: [
    {
      ...idpClient,
      redirect_uris: ["localhost", "127.0.0.1"].map((host) => `http://${host}:${port}/api/auth/callback/dev-idp`),
      // Signing out of the IdP too: where its end-session page sends the browser back to, and where it
      // posts logout tokens for the other apps of that IdP session (back-channel logout).
      post_logout_redirect_uris: ["localhost", "127.0.0.1"].map((host) => `http://${host}:${port}/api/auth/signout/callback/dev-idp`),
      backchannel_logout_uri: `http://127.0.0.1:${port}/api/auth/backchannel-logout/dev-idp`,
    },
  ],
})

const mailServer = process.env.EMAIL_SERVER ?? (await startMailPrinter())

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  // A fresh secret per run unless one is given: restarting the demo signs everyone out.
  AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
  // The demo listens on loopback only, where the Host header is the browser's own.
  AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST ?? "true",
  AUTH_DEV_IDP_ISSUER: idp.issuer,
  AUTH_DEV_IDP_ID: idpClient.client_id,
  AUTH_DEV_IDP_SECRET: idpClient.client_secret,
  ...(mailServer ? { EMAIL_SERVER: mailServer } : {}),
}
const server = spawn(process.execPath, [nextBin, "start", "-H", "127.0.0.1", "-p", String(port)], {
  cwd: exampleDir,
  stdio: "inherit",
  env,
})
console.log(`\n  Gatehouse × Next.js demo: http://localhost:${port}  (Dev IdP at ${idp.issuer}, user "dev-user-1")\n`)

const stop = () => {
  server.kill("SIGTERM")
  idp.close().finally(() => process.exit(0))
}
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
server.once("exit", (code) => idp.close().finally(() => process.exit(code ?? 0)))

/** A local SMTP server that prints each sign-in mail (smtp-server and mailparser are dev dependencies of the repo). */
async function startMailPrinter() {
  let SMTPServer, simpleParser
  try {
    ;({ SMTPServer } = await import("smtp-server"))
    ;({ simpleParser } = await import("mailparser"))
  } catch {
    console.log("  (no smtp-server/mailparser installed: e-mail sign-in is off; set EMAIL_SERVER to enable it)")
    return undefined
  }
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(", ")
          console.log(`\n  ── mail to ${to}: ${mail.subject}\n${(mail.text ?? "").replace(/^/gm, "     ")}\n`)
          callback()
        })
        .catch(callback)
    },
  })
  const mailPort = await new Promise((resolve, reject) => {
    smtp.once("error", reject)
    smtp.listen(0, "127.0.0.1", () => resolve(smtp.server.address().port))
  })
  return `smtp://127.0.0.1:${mailPort}?ignoreTLS=true`
}
