import { IncomingMessage, ServerResponse } from "node:http"
import { Socket } from "node:net"
import { describe, expect, it } from "vitest"
import { keepNodeResponsePrivate } from "./keep-node-response-private.js"

function nodeResponse(): ServerResponse {
  return new ServerResponse(new IncomingMessage(new Socket()))
}

describe("keepNodeResponsePrivate", () => {
  it("turns caching headers set before it private, and adds Cookie to Vary", () => {
    const response = nodeResponse()
    response.setHeader("Cache-Control", "public, s-maxage=10, stale-while-revalidate=59")
    response.setHeader("Vary", "Accept-Encoding")
    response.setHeader("Set-Cookie", ["a=1", "b=2"])
    keepNodeResponsePrivate(response)
    expect(response.getHeader("cache-control")).toBe("private, no-store")
    expect(response.getHeader("vary")).toBe("Accept-Encoding, Cookie")
    expect(response.getHeader("set-cookie")).toEqual(["a=1", "b=2"])
  })

  it("keeps them private whatever getServerSideProps or Next sets afterwards; other headers and cookies as given", () => {
    const response = nodeResponse()
    keepNodeResponsePrivate(response)
    response.setHeader("Cache-Control", "public, s-maxage=10, stale-while-revalidate=59")
    response.setHeader("CDN-Cache-Control", ["max-age=60"])
    response.setHeader("Vary", "RSC")
    response.appendHeader("Cache-Control", "public")
    response.appendHeader("Set-Cookie", "c=3")
    response.setHeader("X-Frame-Options", "DENY")
    expect(response.getHeader("cache-control")).toBe("private, no-store")
    expect(response.getHeader("cdn-cache-control")).toBe("no-store")
    expect(response.getHeader("vary")).toBe("RSC, Cookie")
    expect([response.getHeader("set-cookie")].flat()).toEqual(["c=3"])
    expect(response.getHeader("x-frame-options")).toBe("DENY")
  })
})
