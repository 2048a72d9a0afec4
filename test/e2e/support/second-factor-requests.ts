/**
 * The requests the second-factor tests make as a browser's page would, on the test app at
 * http://app.test/auth (support/second-factor-app.mjs) or a second instance's base.
 */
import type { FetchBrowser } from "../../../packages/dev-idp/src/fetch-browser.js"

const base = "http://app.test/auth"

export async function csrfToken(browser: FetchBrowser, at = base): Promise<string> {
  return ((await (await browser.request(`${at}/csrf`)).json()) as { csrfToken: string }).csrfToken
}

/** A form POST with the CSRF token of the URL's own instance; `json` asks for a JSON answer. */
export async function post(browser: FetchBrowser, url: string, fields: Record<string, string> = {}, json = false): Promise<Response> {
  const at = url.slice(0, url.indexOf("/auth/") + 5)
  return browser.request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(json ? { accept: "application/json" } : {}) },
    body: new URLSearchParams({ csrfToken: await csrfToken(browser, at), ...fields }),
  })
}

export async function session(browser: FetchBrowser, at = base): Promise<any> {
  return (await browser.request(`${at}/session`)).json()
}
