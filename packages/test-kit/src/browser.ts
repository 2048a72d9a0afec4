/**
 * A minimal cookie-keeping client for driving `Auth` in tests the way a browser would:
 * it stores Set-Cookie values (honouring Max-Age=0 deletions) and sends them back.
 */
export class TestBrowser {
  cookies = new Map<string, string>()

  constructor(readonly handler: (request: Request) => Promise<Response>) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size && !headers.has("cookie")) headers.set("cookie", this.cookieHeader())
    const response = await this.handler(new Request(url, { ...init, headers }))
    this.store(response)
    return response
  }

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";")
      const eq = pair.indexOf("=")
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => a.trim().toLowerCase() === "max-age=0")
      if (expired || value === "") this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async csrfToken(base: string): Promise<string> {
    const response = await this.fetch(`${base}/csrf`)
    return ((await response.json()) as { csrfToken: string }).csrfToken
  }

  /** POSTs a url-encoded form carrying a fresh CSRF token. */
  async post(url: string, fields: Record<string, string>, base: string, headers: Record<string, string> = {}): Promise<Response> {
    const csrfToken = await this.csrfToken(base)
    return this.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ csrfToken, ...fields }),
    })
  }
}
