import type { ServerResponse } from "node:http"
import { markPrivate, privateHeaderValue } from "@gatehouse/core/integration"

const kept = new WeakSet<ServerResponse>()

/**
 * The pages router's version of core's markPrivate, for a Node response that now carries a session
 * cookie (`auth(req, res)`, `auth(context)` in getServerSideProps). Next's docs have
 * getServerSideProps set `Cache-Control: public, s-maxage=10, stale-while-revalidate=59`, and an app
 * may do so after calling `auth(context)`: so the headers are made private now, and the response's
 * `setHeader`/`appendHeader` are wrapped so later cache-control writes (the app's, Next's) come out
 * private too and `Vary` keeps `Cookie`. Every other header is written as given.
 */
export function keepNodeResponsePrivate(response: ServerResponse): void {
  if (kept.has(response) || response.headersSent) return
  kept.add(response)
  const setHeader = response.setHeader.bind(response)
  const appendHeader = response.appendHeader?.bind(response)

  const now = new Headers()
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (name !== "set-cookie" && value !== undefined) now.set(name, headerText(value))
  }
  markPrivate(now)
  for (const [name, value] of now) {
    const before = response.getHeader(name)
    if (before === undefined || headerText(before) !== value) setHeader(name, value)
  }

  response.setHeader = (name, value) => {
    if (name.toLowerCase() === "set-cookie") return setHeader(name, value)
    return setHeader(name, privateHeaderValue(name, headerText(value)))
  }
  if (appendHeader) {
    response.appendHeader = (name, value) => {
      if (name.toLowerCase() === "set-cookie") return appendHeader(name, value)
      const before = response.getHeader(name)
      const combined = before === undefined ? headerText(value) : `${headerText(before)}, ${headerText(value)}`
      return setHeader(name, privateHeaderValue(name, combined))
    }
  }
}

function headerText(value: number | string | readonly string[]): string {
  return Array.isArray(value) ? value.join(", ") : String(value)
}
