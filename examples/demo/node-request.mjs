// Node's http module speaks IncomingMessage/ServerResponse; Gatehouse speaks Request/Response.

/**
 * IncomingMessage → Web Request (the body is buffered: auth forms are small). The URL is the
 * server's fixed `origin` plus the request target's path and query, never a host taken from the
 * target: an absolute-form target (`GET http://evil.example/auth/… HTTP/1.1`) or an origin-form one
 * starting with `//` would otherwise move every link and redirect Gatehouse builds to that host.
 */
export async function toWebRequest(req, origin) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  const method = req.method ?? "GET"
  let body
  if (method !== "GET" && method !== "HEAD") {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    body = Buffer.concat(chunks)
  }
  return new Request(urlOnOrigin(req.url, origin), { method, headers, body })
}

/** `origin` with the path and query of `target`, whatever form the target takes. */
export function urlOnOrigin(target, origin) {
  let pathAndQuery = target || "/"
  if (!pathAndQuery.startsWith("/")) {
    // absolute-form (or anything else that is not origin-form): only its path and query count.
    try {
      const absolute = new URL(pathAndQuery)
      pathAndQuery = `${absolute.pathname}${absolute.search}`
    } catch {
      pathAndQuery = "/"
    }
  }
  const url = new URL(origin)
  const queryAt = pathAndQuery.indexOf("?")
  // Assigning the pathname keeps a leading "//" a path: it cannot name a host here.
  url.pathname = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt)
  url.search = queryAt === -1 ? "" : pathAndQuery.slice(queryAt)
  url.hash = ""
  return url
}

/** Web Response → ServerResponse, keeping every Set-Cookie header. */
export async function sendWebResponse(res, response) {
  const headers = {}
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers["set-cookie"] = cookies
  res.writeHead(response.status, headers)
  res.end(Buffer.from(await response.arrayBuffer()))
}
