// One simulated user of the load test: a cookie jar and the four things a browser does with
// Gatehouse (sign in with credentials, read the session, update it, sign out), each timed.

/** Set-Cookie headers into the jar; Max-Age=0 or an empty value deletes. */
function storeCookies(jar, response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(";")
    const eq = pair.indexOf("=")
    const name = pair.slice(0, eq).trim()
    const value = pair.slice(eq + 1).trim()
    if (value === "" || attributes.some((a) => a.trim().toLowerCase() === "max-age=0")) jar.delete(name)
    else jar.set(name, value)
  }
}

export class LoadClient {
  /** @param {string} origin @param {string} username */
  constructor(origin, username) {
    this.origin = origin
    this.base = `${origin}/auth`
    this.username = username
    this.jar = new Map()
    /** Sent with every request (a proxy's X-Real-IP, say). */
    this.headers = {}
  }

  get signedIn() {
    return this.jar.has("authjs.session-token")
  }

  cookieHeader(jar = this.jar) {
    return [...jar].map(([name, value]) => `${name}=${value}`).join("; ")
  }

  /** Where the next request goes: this server (a client of several instances picks one per request). */
  nextBase() {
    return this.base
  }

  async request(path, init = {}) {
    const headers = { ...this.headers, ...init.headers }
    if (this.jar.size) headers.cookie = this.cookieHeader()
    const response = await fetch(`${this.nextBase()}${path}`, { ...init, headers, redirect: "manual", signal: AbortSignal.timeout(15_000) })
    storeCookies(this.jar, response)
    return response
  }

  async csrfToken() {
    const response = await this.request("/csrf")
    if (response.status !== 200) throw Object.assign(new Error(`GET /csrf → ${response.status}`), { status: response.status })
    return (await response.json()).csrfToken
  }

  async postForm(path, fields) {
    const csrfToken = await this.csrfToken()
    return this.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, ...fields }),
    })
  }

  /** → { status, location, ok } where ok means: landed on the app with a session cookie. */
  async signIn() {
    const response = await this.postForm("/callback/credentials", {
      username: this.username,
      password: `pw-${this.username}`,
      callbackUrl: `${this.origin}/home`,
    })
    await response.arrayBuffer()
    const location = response.headers.get("location")
    return { status: response.status, location, ok: response.status === 302 && location === `${this.origin}/home` && this.signedIn }
  }

  /** → { status, session } */
  async read(jar) {
    const response = jar
      ? await fetch(`${this.base}/session`, { headers: { cookie: this.cookieHeader(jar) }, signal: AbortSignal.timeout(15_000) })
      : await this.request("/session")
    const session = response.status === 200 ? await response.json() : (await response.arrayBuffer(), undefined)
    return { status: response.status, session }
  }

  async update(data) {
    const csrfToken = await this.csrfToken()
    const response = await this.request("/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data }),
    })
    const session = response.status === 200 ? await response.json() : (await response.arrayBuffer(), undefined)
    return { status: response.status, session }
  }

  async signOut() {
    const response = await this.postForm("/signout", { callbackUrl: `${this.origin}/bye` })
    await response.arrayBuffer()
    return { status: response.status, location: response.headers.get("location"), ok: response.status === 302 && !this.signedIn }
  }
}
