import { describe, expect, it } from "vitest"
import { publicUrl } from "./public-url.js"

function request(url: string, headers: Record<string, string>) {
  return new Request(url, { headers })
}

describe("publicUrl", () => {
  it("keeps 127.0.0.1 from the Host header where Next's URL says localhost", () => {
    const url = publicUrl(request("http://localhost:3000/protected?x=1", { host: "127.0.0.1:3000", "x-forwarded-proto": "http" }), {})
    expect(url.href).toBe("http://127.0.0.1:3000/protected?x=1")
  })

  it("takes the forwarded host and protocol (the client-nearest value) behind a proxy", () => {
    const url = publicUrl(
      request("http://localhost:3000/a", {
        host: "internal:3000",
        "x-forwarded-host": "app.example.com, proxy.local",
        "x-forwarded-proto": "https, http",
      }),
      {},
    )
    expect(url.href).toBe("https://app.example.com/a")
  })

  it("prefers AUTH_URL, then NEXTAUTH_URL, over any header", () => {
    const req = request("http://localhost:3000/a?b=c", { host: "evil.example", "x-forwarded-host": "evil.example" })
    expect(publicUrl(req, { AUTH_URL: "https://app.example.com/api/auth" }).href).toBe("https://app.example.com/a?b=c")
    expect(publicUrl(req, { NEXTAUTH_URL: "https://legacy.example.com" }).href).toBe("https://legacy.example.com/a?b=c")
  })

  it("ignores a forwarded protocol that is not http(s) and a malformed AUTH_URL", () => {
    const req = request("http://localhost:3000/a", { host: "127.0.0.1:3000", "x-forwarded-proto": "javascript" })
    expect(publicUrl(req, { AUTH_URL: "not a url" }).href).toBe("http://localhost:3000/a")
  })
})
