import { describe, expect, it } from "vitest"
import { keepResponsePrivate } from "./keep-response-private.js"
import { applySetCookies } from "./write-cookies.js"

/** What Qwik City's `cacheControl(value, target)` does with the response's headers. */
function cacheControl(headers: Headers, value: string, target = "Cache-Control"): void {
  headers.set(target, value)
}

describe("keepResponsePrivate", () => {
  it("marks the response private at once, and keeps it so whatever the app's handlers set later", () => {
    const headers = new Headers({ "Content-Type": "text/html" })
    keepResponsePrivate(headers)
    expect(headers.get("cache-control")).toBe("private, no-store")
    expect(headers.get("vary")).toBe("Cookie")
    cacheControl(headers, "public, max-age=5, stale-while-revalidate=604800")
    headers.append("cache-control", "public")
    expect(headers.get("cache-control")).toBe("private, no-store")
    for (const target of ["CDN-Cache-Control", "Cloudflare-CDN-Cache-Control", "Vercel-CDN-Cache-Control"]) {
      cacheControl(headers, "public, max-age=3600", target)
      expect(headers.get(target)).toBe("no-store")
    }
  })

  it("turns a CDN header set before it private too, and leaves other headers as given", () => {
    const headers = new Headers({ "CDN-Cache-Control": "max-age=60" })
    keepResponsePrivate(headers)
    expect(headers.get("cdn-cache-control")).toBe("no-store")
    headers.set("X-Frame-Options", "DENY")
    headers.append("Vary", "Accept")
    headers.append("Set-Cookie", "a=1")
    headers.append("Set-Cookie", "b=2")
    expect(headers.get("x-frame-options")).toBe("DENY")
    expect(headers.get("vary")).toBe("Cookie, Accept")
    expect(headers.getSetCookie()).toEqual(["a=1", "b=2"])
    headers.set("Vary", "Accept-Encoding")
    expect(headers.get("vary")).toBe("Accept-Encoding, Cookie")
  })
})

describe("applySetCookies", () => {
  it("keeps a response that sets a cookie out of shared caches; one that sets none is left to the app", () => {
    const written: string[] = []
    const cookie = {
      set(name: string) {
        written.push(name)
      },
    } as never
    const setting = { cookie, headers: new Headers() }
    applySetCookies(["authjs.session-token=abc; Path=/; HttpOnly; SameSite=Lax"], setting)
    cacheControl(setting.headers, "public, max-age=5")
    expect(written).toEqual(["authjs.session-token"])
    expect(setting.headers.get("cache-control")).toBe("private, no-store")

    const quiet = { cookie, headers: new Headers() }
    applySetCookies([], quiet)
    cacheControl(quiet.headers, "public, max-age=5")
    expect(quiet.headers.get("cache-control")).toBe("public, max-age=5")
  })
})
