/**
 * A stand-in for a third-party mail API (Resend, Postmark, SendGrid, Mailgun…), whose real servers cannot
 * run here: an HTTP server on 127.0.0.1 that records each request and answers with a chosen
 * status. `fetch` sends a provider's requests to it while remembering the URL the provider meant.
 */
import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"

export interface RecordedRequest {
  /** The URL the provider asked for (before it was pointed at the stand-in). */
  intendedUrl: string
  method: string
  headers: IncomingMessage["headers"]
  body: any
}

export interface MailApiStandIn {
  requests: RecordedRequest[]
  /** The status (and JSON body) of the next answers; 200 `{ id }` unless set. */
  answer(status: number, body?: unknown): void
  /** A `fetch` for the provider's `customFetch`: same request, sent to the stand-in. */
  fetch: typeof fetch
  /**
   * Where the stand-in listens, for a provider running in another process (another runtime): its
   * `customFetch` posts here and names the URL it meant in the `x-intended-url` header.
   */
  url: string
  close(): Promise<void>
}

export async function startMailApiStandIn(): Promise<MailApiStandIn> {
  const requests: RecordedRequest[] = []
  const intended: string[] = []
  let reply = { status: 200, body: { id: "stand-in-message" } as unknown }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      requests.push({
        intendedUrl: (req.headers["x-intended-url"] as string | undefined) ?? intended.shift() ?? "",
        method: req.method ?? "",
        headers: req.headers,
        body: !text
          ? undefined
          : req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")
            ? Object.fromEntries(new URLSearchParams(text))
            : JSON.parse(text),
      })
      res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body))
    })
  })
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))
  const standInFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    intended.push(url.href)
    return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, init)
  }) as typeof fetch
  return {
    requests,
    answer(status, body = status < 300 ? { id: "stand-in-message" } : { message: "stand-in refused" }) {
      reply = { status, body }
    },
    fetch: standInFetch,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
