import type { IncomingMessage, ServerResponse } from "node:http"
import { keepNodeResponsePrivate } from "../../lib/keep-node-response-private.js"
import { readLimitedBody } from "./read-limited-body.js"

/** A pages-router request: Next has usually parsed the body already (`bodyParser`), and `query` holds the route's segments. */
export type PagesRequest = IncomingMessage & { body?: unknown; query?: Record<string, string | string[] | undefined> }

/**
 * A Web Request from a pages-router API route's Node request. The origin is provisional
 * (`coreRequest` puts the public one in: NEXTAUTH_URL, or the Host header where trusted).
 * Next's parsed body is serialized back as the form or JSON it was.
 */
export async function webRequestOf(request: PagesRequest): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const encrypted = (request.socket as { encrypted?: boolean } | undefined)?.encrypted
  const url = new URL(request.url ?? "/", `${encrypted ? "https" : "http"}://${headers.get("host") ?? "localhost"}`)
  const method = request.method ?? "GET"
  const hasBody = method !== "GET" && method !== "HEAD"
  if (!hasBody) return new Request(url, { method, headers })
  // With `bodyParser: false` (or outside Next) the body is still in the stream.
  if (request.body === undefined && !request.readableEnded) {
    const body = await readLimitedBody(request)
    headers.set("content-length", String(body.byteLength))
    return new Request(url, { method, headers, body })
  }
  return new Request(url, { method, headers, body: bodyOf(request.body, headers) })
}

function bodyOf(body: unknown, headers: Headers): string | undefined {
  if (body === undefined || body === null) return undefined
  if (typeof body === "string") return body
  if (body instanceof Uint8Array) return new TextDecoder().decode(body)
  if ((headers.get("content-type") ?? "").includes("application/json")) return JSON.stringify(body)
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) form.append(name, String(item))
  }
  headers.set("content-type", "application/x-www-form-urlencoded")
  return form.toString()
}

/** Writes a Web Response to the Node response of a pages-router API route. */
export async function sendWebResponse(response: Response, target: ServerResponse): Promise<void> {
  target.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue
    target.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) {
    target.setHeader("set-cookie", cookies)
    keepNodeResponsePrivate(target)
  }
  target.end(Buffer.from(await response.arrayBuffer()))
}
