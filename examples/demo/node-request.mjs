// Node's http module speaks IncomingMessage/ServerResponse; Gatehouse speaks Request/Response.

/** IncomingMessage → Web Request (the body is buffered: auth forms are small). */
export async function toWebRequest(req, origin) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v))
    else if (value !== undefined) headers.set(name, value)
  }
  const method = req.method ?? "GET"
  let body
  if (method !== "GET" && method !== "HEAD") {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    body = Buffer.concat(chunks)
  }
  return new Request(new URL(req.url ?? "/", origin), { method, headers, body })
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
