/**
 * A small Node server for passkey tests in a real browser: Auth() (with its built-in sign-in
 * page) under /auth, the SQLite adapter, WebAuthn behind `experimental.enableWebAuthn`, and two
 * plain pages: `/` (a landing page) and `/helper` (which loads @gatehouse/webauthn-browser,
 * bundled on the fly, as `window.passkeys`). Listens on 127.0.0.1; browsers must use
 * `http://localhost:<port>`, since WebAuthn refuses IP addresses as relying party ids.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { sendWebResponse, toWebRequest } from "../../../examples/demo/node-request.mjs"
import { SQLiteAdapter } from "../../../packages/adapter-sqlite/src/index.js"
import type { Adapter } from "../../../packages/core/src/adapters.js"
import { Auth } from "../../../packages/core/src/index.js"
import Passkey from "../../../packages/core/src/providers/passkey.js"
import type { AuthConfig } from "../../../packages/core/src/types.js"

export interface PasskeyServer {
  /** `http://localhost:<port>` */
  origin: string
  adapter: Adapter
  config: AuthConfig
  errors: Error[]
  close(): Promise<void>
}

const helperEntry = fileURLToPath(new URL("../../../packages/webauthn-browser/src/index.ts", import.meta.url))

/** @gatehouse/webauthn-browser as one browser ES module (what an app's bundler would produce). */
async function bundleHelper(): Promise<string> {
  const result = await build({ entryPoints: [helperEntry], bundle: true, format: "esm", write: false, target: "es2020" })
  return result.outputFiles[0].text
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`
}

const helperPage = page(
  "Passkey helper",
  `<label for="email">Email</label><input id="email" name="email" autocomplete="username webauthn">
<script type="module">import * as passkeys from "/helper.js"; window.passkeys = passkeys; document.body.dataset.ready = "yes"</script>`,
)

export async function startPasskeyServer(overrides: Partial<AuthConfig> = {}): Promise<PasskeyServer> {
  const adapter = SQLiteAdapter(":memory:")
  const errors: Error[] = []
  const config: AuthConfig = {
    secret: "passkey-browser-secret-with-more-than-32-characters",
    trustHost: true,
    basePath: "/auth",
    adapter,
    providers: [Passkey()],
    experimental: { enableWebAuthn: true },
    logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
    ...overrides,
  }
  const helper = await bundleHelper()

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`)
      if (url.pathname.startsWith("/auth/")) {
        return await sendWebResponse(res, await Auth(await toWebRequest(req, url.origin), config))
      }
      if (url.pathname === "/helper.js") {
        res.writeHead(200, { "Content-Type": "text/javascript" })
        return res.end(helper)
      }
      const body = url.pathname === "/helper" ? helperPage : page("Home", `<h1 id="home">Home: ${url.pathname}</h1>`)
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      res.end(body)
    } catch (error) {
      errors.push(error as Error)
      res.writeHead(500).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://localhost:${port}`,
    adapter,
    config,
    errors,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
