import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

/** What a route answers: a status and a JSON body. */
export interface StandInAnswer {
  status?: number
  json: unknown
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
}

export interface ProviderApiStandIn {
  /** `http://127.0.0.1:<port>` */
  origin: string
  requests: RecordedRequest[]
  close: () => Promise<void>
}

/**
 * A stand-in for a third party's API (which cannot be reached from here): a real HTTP server on
 * loopback answering "METHOD /path" routes with JSON, recording every request it gets.
 * Unknown routes answer 404.
 */
export async function startProviderApiStandIn(
  routes: Record<string, StandInAnswer | ((request: RecordedRequest) => StandInAnswer)>,
): Promise<ProviderApiStandIn> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in")
    const recorded = { method: req.method ?? "GET", path: url.pathname + url.search, headers: req.headers }
    requests.push(recorded)
    const route = routes[`${recorded.method} ${url.pathname}`]
    const answer = typeof route === "function" ? route(recorded) : (route ?? { status: 404, json: { message: "Not Found" } })
    res.writeHead(answer.status ?? 200, { "content-type": "application/json" })
    res.end(JSON.stringify(answer.json))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
