import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { sendWebResponse, toWebRequest } from "../../../examples/demo/node-request.mjs"
import { Auth } from "../../../packages/core/src/handler/auth.js"
import type { AuthConfig } from "../../../packages/core/src/types.js"

export interface CoreAppServer {
  origin: string
  close(): Promise<void>
}

/**
 * A plain Node server around the core handler on a loopback port: `/auth/*` is Gatehouse with its
 * built-in pages, every other path a text page saying who is signed in.
 */
export async function startCoreAppServer(config: AuthConfig): Promise<CoreAppServer> {
  let origin = ""
  const server = createServer(async (req, res) => {
    const request = await toWebRequest(req, origin)
    const { pathname } = new URL(request.url)
    if (pathname.startsWith("/auth/")) return sendWebResponse(res, await Auth(request, config))
    const session = await (await Auth(new Request(`${origin}/auth/session`, { headers: request.headers }), config)).json()
    res.writeHead(200, { "content-type": "text/plain" }).end(session ? `Signed in as ${session.user.email}` : "Not signed in")
  })
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))
  origin = `http://localhost:${port}`
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
