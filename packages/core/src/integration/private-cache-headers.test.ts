import { describe, expect, it } from "vitest"
import { markPrivate, privateHeaderValue } from "./private-cache-headers.js"

describe("markPrivate", () => {
  it("overrides a public, shared-cacheable answer and adds Cookie to Vary", () => {
    const headers = new Headers({ "Cache-Control": "public, s-maxage=300", Vary: "Accept-Encoding", "CDN-Cache-Control": "max-age=60" })
    markPrivate(headers)
    expect(headers.get("cache-control")).toBe("private, no-store")
    expect(headers.get("cdn-cache-control")).toBe("no-store")
    expect(headers.get("vary")).toBe("Accept-Encoding, Cookie")
  })

  it("sets both on a response that said nothing, adds no CDN header it did not have, and adds Cookie to Vary once", () => {
    const headers = new Headers()
    markPrivate(headers)
    markPrivate(headers)
    expect(headers.get("cache-control")).toBe("private, no-store")
    expect(headers.get("vary")).toBe("Cookie")
    expect(headers.has("cdn-cache-control")).toBe(false)
    const already = new Headers({ Vary: "RSC, cookie" })
    markPrivate(already)
    expect(already.get("vary")).toBe("RSC, cookie")
  })
})

describe("privateHeaderValue", () => {
  it("turns later cache-control writes private, keeps Cookie in Vary and leaves other headers alone", () => {
    expect(privateHeaderValue("Cache-Control", "public, s-maxage=10, stale-while-revalidate=59")).toBe("private, no-store")
    expect(privateHeaderValue("Vercel-CDN-Cache-Control", "max-age=3600")).toBe("no-store")
    expect(privateHeaderValue("Vary", "Accept")).toBe("Accept, Cookie")
    expect(privateHeaderValue("Vary", "*")).toBe("*")
    expect(privateHeaderValue("X-Frame-Options", "DENY")).toBe("DENY")
  })
})
