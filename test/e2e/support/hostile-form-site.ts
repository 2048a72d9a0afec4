import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

/** A page on another origin that submits one form to the app as soon as it loads. */
export interface HostileFormSite {
  /**
   * The attacking page's address. `host` picks how related it is to an app on 127.0.0.1:
   * "localhost" is another site (the browser withholds SameSite=Lax cookies from its POSTs),
   * "127.0.0.1" the same site on another port — another app on the same host or a sibling
   * subdomain — whose POSTs do carry the app's Lax cookies.
   */
  url(options: { host: "localhost" | "127.0.0.1"; target: string; fields: Record<string, string>; enctype?: "text/plain" }): string
  close(): Promise<void>
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("'", "&#39;").replaceAll("<", "&lt;")
}

export async function startHostileFormSite(): Promise<HostileFormSite> {
  const server: Server = createServer((req, res) => {
    const query = new URL(req.url ?? "/", "http://localhost").searchParams
    const target = query.get("target") ?? ""
    const enctype = query.get("enctype") ?? "application/x-www-form-urlencoded"
    const fields = JSON.parse(query.get("fields") ?? "{}") as Record<string, string>
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type='hidden' name='${escapeAttribute(name)}' value='${escapeAttribute(value)}'>`)
      .join("")
    res.setHeader("content-type", "text/html")
    res.end(
      `<!doctype html><form id='f' method='post' enctype='${escapeAttribute(enctype)}' action='${escapeAttribute(target)}'>${inputs}</form>` +
        `<script>document.getElementById("f").submit()</script>`,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: ({ host, target, fields, enctype }) => {
      const query = new URLSearchParams({ target, fields: JSON.stringify(fields), ...(enctype ? { enctype } : {}) })
      return `http://${host}:${port}/?${query}`
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Form fields that a text/plain form sends as this JSON object (`name=value` with the `=` hidden
 * inside a string): how a plain HTML form posts JSON to an API that does not check Content-Type.
 */
export function jsonAsTextPlainFields(body: Record<string, string>): Record<string, string> {
  const json = JSON.stringify({ ...body, pad: "" })
  // `{"name":"Mallory","pad":"` + "=" + `"}` is `{"name":"Mallory","pad":"="}`.
  return { [json.slice(0, -2)]: '"}' }
}
