/**
 * A minimal browser for tests: a cookie jar per host, redirects followed one hop at a time, and
 * in-process handlers for app origins (e.g. `(req) => Auth(req, config)`) next to real servers
 * reached with `fetch` (e.g. the dev identity provider).
 */

export type RequestHandler = (request: Request) => Promise<Response>

export interface FetchBrowserOptions {
  /** Origins served in-process instead of over the network, e.g. `{ "http://app.test": handler }`. */
  handlers?: Record<string, RequestHandler>
}

export interface Hop {
  url: string
  status: number
  location?: string
}

export interface FollowResult {
  response: Response
  /** The URL of the final (non-redirect) response, or of the response `stopAt` matched. */
  url: string
  hops: Hop[]
}

interface StoredCookie {
  value: string
  expires?: number
}

export class FetchBrowser {
  readonly #handlers: Map<string, RequestHandler>
  readonly #jar = new Map<string, Map<string, StoredCookie>>()

  constructor(options: FetchBrowserOptions = {}) {
    this.#handlers = new Map(Object.entries(options.handlers ?? {}).map(([origin, handler]) => [new URL(origin).origin, handler]))
  }

  /** One request, no redirect following: cookies of the URL's host are sent and `Set-Cookie` stored. */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url)
    const headers = new Headers(init.headers)
    const cookieHeader = this.cookieHeader(target)
    if (cookieHeader) headers.set("cookie", cookieHeader)
    const request = new Request(target, { ...init, headers, redirect: "manual" })
    const handler = this.#handlers.get(target.origin)
    const response = handler ? await handler(request) : await fetch(request)
    this.storeCookies(target, response.headers.getSetCookie())
    return response
  }

  /** Follows redirects (GET after 301/302/303, as browsers do) until a non-redirect or `stopAt`. */
  async follow(
    url: string | URL,
    init: RequestInit = {},
    options: { maxHops?: number; stopAt?: (url: URL) => boolean } = {},
  ): Promise<FollowResult> {
    const hops: Hop[] = []
    let current = new URL(url)
    let currentInit = init
    for (let hop = 0; hop <= (options.maxHops ?? 20); hop++) {
      const response = await this.request(current, currentInit)
      const location = response.headers.get("location") ?? undefined
      hops.push({ url: current.href, status: response.status, location })
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current.href, hops }
      const next = new URL(location, current)
      if (options.stopAt?.(next)) {
        return { response, url: current.href, hops }
      }
      await response.body?.cancel()
      current = next
      if (response.status !== 307 && response.status !== 308) currentInit = {}
    }
    throw new Error(`too many redirects: ${hops.map((h) => h.url).join(" -> ")}`)
  }

  /** Submits an HTML form as `application/x-www-form-urlencoded` and follows the redirects. */
  submitForm(action: string | URL, fields: Record<string, string>, options?: { stopAt?: (url: URL) => boolean }) {
    return this.follow(
      action,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      },
      options,
    )
  }

  cookieHeader(url: string | URL): string {
    return [...this.cookiesFor(url)].map(([name, value]) => `${name}=${value}`).join("; ")
  }

  cookiesFor(url: string | URL): Map<string, string> {
    const host = new URL(url).hostname
    const live = new Map<string, string>()
    for (const [name, cookie] of this.#jar.get(host) ?? []) {
      if (cookie.expires === undefined || cookie.expires > Date.now()) live.set(name, cookie.value)
    }
    return live
  }

  setCookie(url: string | URL, name: string, value: string): void {
    this.#hostJar(new URL(url).hostname).set(name, { value })
  }

  deleteCookie(url: string | URL, name: string): void {
    this.#jar.get(new URL(url).hostname)?.delete(name)
  }

  storeCookies(url: URL, setCookieHeaders: string[]): void {
    const jar = this.#hostJar(url.hostname)
    for (const header of setCookieHeaders) {
      const [pair, ...attributes] = header.split(";")
      const separator = pair!.indexOf("=")
      if (separator < 1) continue
      const name = pair!.slice(0, separator).trim()
      const value = pair!.slice(separator + 1).trim()
      const expires = cookieExpiry(attributes)
      if (expires !== undefined && expires <= Date.now()) jar.delete(name)
      else jar.set(name, { value, expires })
    }
  }

  #hostJar(host: string): Map<string, StoredCookie> {
    let jar = this.#jar.get(host)
    if (!jar) this.#jar.set(host, (jar = new Map()))
    return jar
  }
}

/** Max-Age wins over Expires, as in browsers; undefined = a browser-session cookie. */
function cookieExpiry(attributes: string[]): number | undefined {
  let expires: number | undefined
  for (const attribute of attributes) {
    const [rawKey, ...rest] = attribute.split("=")
    const key = rawKey!.trim().toLowerCase()
    const value = rest.join("=").trim()
    if (key === "max-age") return Date.now() + Number(value) * 1000
    if (key === "expires") expires = Date.parse(value)
  }
  return expires
}

/** How the IdP sends the browser back: a redirect, or (response_mode=form_post) an auto-submitted form. */
export type DevIdpReturn = { method: "GET"; url: URL } | { method: "POST"; url: URL; fields: Record<string, string> }

/**
 * Completes the dev identity provider's login page as a person would: from the IdP's
 * authorization URL through login and automatic consent, up to where the IdP sends the browser
 * back to the client (its redirect_uri with `code`, or with `error=access_denied` on `cancel`).
 */
export async function completeAtDevIdp(
  browser: FetchBrowser,
  authorizationUrl: string | URL,
  options: { username?: string; cancel?: boolean } = {},
): Promise<DevIdpReturn> {
  const idpOrigin = new URL(authorizationUrl).origin
  const leavesIdp = (url: URL) => url.origin !== idpOrigin
  let result = await browser.follow(authorizationUrl, {}, { stopAt: leavesIdp })
  let html = isRedirect(result.response) ? "" : await result.response.text()

  const pageUrl = new URL(result.url)
  if (pageUrl.pathname.startsWith("/interaction/")) {
    const username = options.username ?? unescapeHtml(/id="username"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "")
    const action = options.cancel ? `${pageUrl.pathname}/abort` : `${pageUrl.pathname}/login`
    result = await browser.submitForm(new URL(action, pageUrl), options.cancel ? {} : { username }, { stopAt: leavesIdp })
    html = isRedirect(result.response) ? "" : await result.response.text()
  }

  if (isRedirect(result.response)) {
    return { method: "GET", url: new URL(result.response.headers.get("location")!, result.url) }
  }
  const form = parseAutoSubmitForm(html)
  if (form) return { method: "POST", ...form }
  throw new Error(`dev IdP did not send the browser back (status ${result.response.status}): ${html.slice(0, 500)}`)
}

/** `completeAtDevIdp` for redirect-based responses (the default): the URL the IdP redirects to. */
export async function signInAtDevIdp(
  browser: FetchBrowser,
  authorizationUrl: string | URL,
  options: { username?: string; cancel?: boolean } = {},
): Promise<URL> {
  const back = await completeAtDevIdp(browser, authorizationUrl, options)
  if (back.method === "POST") throw new Error("the IdP answered with form_post: use completeAtDevIdp")
  return back.url
}

/**
 * Answers the IdP's sign-out confirmation ("Yes, sign me out") for an end-session URL (a
 * federated sign-out's redirect, or the bare endpoint): the IdP ends its session, sends logout
 * tokens to every client with a backchannel_logout_uri, and redirects. Returns where it sends
 * the browser (the client's post_logout_redirect_uri with `state`, or the IdP's own page).
 */
export async function confirmLogoutAtDevIdp(browser: FetchBrowser, endSessionUrl: string | URL): Promise<URL> {
  const idpOrigin = new URL(endSessionUrl).origin
  const page = await browser.request(endSessionUrl)
  const html = await page.text()
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1]
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1]
  if (page.status !== 200 || !action || !xsrf) {
    throw new Error(`dev IdP showed no sign-out confirmation (status ${page.status}): ${html.slice(0, 400)}`)
  }
  const result = await browser.submitForm(
    new URL(action.replace(/&amp;/g, "&"), idpOrigin),
    { xsrf, logout: "yes" },
    { stopAt: (url) => url.origin !== idpOrigin },
  )
  const location = result.response.headers.get("location")
  return new URL(location ?? result.url, result.url)
}

function isRedirect(response: Response): boolean {
  return response.status >= 300 && response.status < 400 && response.headers.has("location")
}

/** oidc-provider's form_post page: one form, hidden inputs, submitted by script on load. */
function parseAutoSubmitForm(html: string): { url: URL; fields: Record<string, string> } | undefined {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  if (!action) return undefined
  const fields: Record<string, string> = {}
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields[unescapeHtml(match[1]!)] = unescapeHtml(match[2]!)
  }
  return { url: new URL(unescapeHtml(action)), fields }
}

const htmlEntities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" }

function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => htmlEntities[entity]!)
}
