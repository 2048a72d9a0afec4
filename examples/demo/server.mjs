// The Gatehouse demo: a plain Node server using the core handler and its built-in pages.
// Run from the repository root with `npm ci && npm run demo`, then open http://localhost:3000.
// Embedded defaults: SQLite for users and sessions, a local OpenID provider, e-mail printed to the console.
import { mkdirSync } from "node:fs"
import { createServer } from "node:http"
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import Nodemailer from "@gatehouse/core/providers/nodemailer"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { startDevIdentityProvider } from "@gatehouse/dev-idp"
import { sendWebResponse, toWebRequest } from "./node-request.mjs"
import { signOutEverywhereForm } from "./sign-out-everywhere.mjs"

const port = Number(process.env.PORT ?? 3000)
const origin = `http://localhost:${port}`
const dataDir = process.env.DEMO_DATA_DIR ? new URL(`file://${process.env.DEMO_DATA_DIR}/`) : new URL("./.data/", import.meta.url)
mkdirSync(dataDir, { recursive: true })

const idp = await startDevIdentityProvider({
  port: Number(process.env.DEV_IDP_PORT ?? 0),
  clients: [
    {
      client_id: "gatehouse-demo",
      client_secret: "gatehouse-demo-idp-secret",
      redirect_uris: [`${origin}/auth/callback/dev-idp`],
      // Signing out of the IdP: where a federated sign-out comes back to, and where the IdP posts
      // logout tokens (on loopback: the server listens on 127.0.0.1).
      post_logout_redirect_uris: [`${origin}/auth/signout/callback/dev-idp`],
      backchannel_logout_uri: `http://127.0.0.1:${port}/auth/backchannel-logout/dev-idp`,
    },
  ],
  onBackchannelLogout: ({ clientId, sub, error }) =>
    console.log(`Dev IdP: logout token for ${sub} to ${clientId}: ${error ? `refused (${error.message})` : "accepted"}`),
})

const config = {
  // A fixed development secret; production apps set AUTH_SECRET (openssl rand -base64 33).
  secret: process.env.AUTH_SECRET ?? "gatehouse-demo-secret-for-local-development-only",
  trustHost: true,
  adapter: SQLiteAdapter(new URL("gatehouse-demo.db", dataDir).pathname),
  providers: [
    {
      id: "dev-idp",
      name: "Dev IdP",
      type: "oidc",
      issuer: idp.issuer,
      clientId: "gatehouse-demo",
      clientSecret: "gatehouse-demo-idp-secret",
      // Keeps what a federated sign-out needs; the button below asks for one (federated=true).
      federatedSignOut: "on-request",
    },
    // With no EMAIL_SERVER (an SMTP URL), sign-in e-mails are printed to this console.
    Nodemailer({ server: process.env.EMAIL_SERVER ?? "console", from: "Gatehouse demo <demo@localhost>" }),
    Credentials({
      credentials: {
        username: { label: "Username", placeholder: "demo", autocomplete: "username" },
        password: { label: "Password", type: "password", placeholder: "demo", autocomplete: "current-password" },
      },
      authorize({ username, password }) {
        if (username === "demo" && password === "demo") {
          return { id: "demo-user", name: "Demo User", email: "demo@example.test" }
        }
        return null
      },
    }),
  ],
  callbacks: {
    session({ session, user }) {
      return { ...session, user: { ...session.user, id: user.id } }
    },
  },
}

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

async function homePage(request) {
  const sessionResponse = await Auth(new Request(`${origin}/auth/session`, { headers: request.headers }), config)
  const session = await sessionResponse.json()
  const everywhere = session ? await signOutEverywhereForm(request, config, { origin, providerId: "dev-idp" }) : { html: "", setCookie: [] }
  const body = session
    ? `<p>Signed in as <strong>${escapeHtml(session.user?.name)}</strong> (${escapeHtml(session.user?.email)}).</p>
       <pre>${escapeHtml(JSON.stringify(session, null, 2))}</pre>
       <p><a href="/auth/signout">Sign out</a></p>${everywhere.html}`
    : `<p>You are not signed in.</p><p><a href="/auth/signin">Sign in</a> (username <code>demo</code>, password <code>demo</code>)</p>`
  const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" })
  for (const cookie of everywhere.setCookie) headers.append("set-cookie", cookie)
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatehouse demo</title>
     <style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem}pre{background:#f4f4f4;padding:1rem}</style>
     </head><body><h1>Gatehouse demo</h1>${body}</body></html>`,
    { headers },
  )
}

const server = createServer(async (req, res) => {
  try {
    const request = await toWebRequest(req, origin)
    const { pathname } = new URL(request.url)
    const response = pathname.startsWith("/auth/") ? await Auth(request, config) : await homePage(request)
    await sendWebResponse(res, response)
  } catch (error) {
    console.error(error)
    res.writeHead(500).end("Internal error")
  }
})

server.listen(port, "127.0.0.1", () => {
  console.log(`Gatehouse demo on ${origin}`)
  console.log(`Sign in at ${origin}/auth/signin:`)
  console.log(`  - "Sign in with Dev IdP": a local OpenID provider (${idp.issuer}), one click as "Dev User"`)
  console.log(`  - or an e-mail address: the sign-in mail (link and code) is printed here`)
  console.log(`  - or username "demo" and password "demo"`)
  console.log(`Signed in with the Dev IdP, the home page can sign out everywhere, including the identity provider`)
  console.log(`Users and sessions are kept in SQLite at ${new URL("gatehouse-demo.db", dataDir).pathname}`)
})

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    server.close()
    await idp.close()
    process.exit(0)
  })
}
