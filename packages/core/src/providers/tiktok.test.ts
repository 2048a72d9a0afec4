import { describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import TikTok from "./tiktok.js"

/** A stand-in for TikTok's servers recording each request's URL, headers and body. */
function tiktokStandIn(answer: () => Response) {
  const seen: Array<{ url: string; headers: Headers; body: string | undefined }> = []
  const fetchStandIn = (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers), body: init?.body === undefined ? undefined : String(init.body) })
    return answer()
  }) as typeof fetch
  return { fetchStandIn, seen }
}

describe("TikTok", () => {
  it("puts the client key in the authorization params when known", () => {
    expect((TikTok().authorization as { params: object }).params).toEqual({ scope: "user.info.basic" })
    expect(TikTok({ clientId: "awx123" }).authorization).toMatchObject({ params: { client_key: "awx123", scope: "user.info.basic" } })
  })

  it("adds client_key to the token request body and keeps the other headers", async () => {
    const tiktok = tiktokStandIn(() => Response.json({ access_token: "act.1", open_id: "o", token_type: "Bearer", expires_in: 86400 }))
    const config = TikTok({ clientId: "awx123", [customFetch]: tiktok.fetchStandIn })
    const body = new URLSearchParams({ grant_type: "authorization_code", code: "c", client_id: "awx123", client_secret: "s" })
    const response = await config[customFetch]!("https://open.tiktokapis.com/v2/oauth/token/", {
      method: "POST",
      headers: new Headers({ accept: "application/json", "user-agent": "oauth4webapi" }),
      body,
    })
    const [request] = tiktok.seen
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: "authorization_code",
      code: "c",
      client_id: "awx123",
      client_secret: "s",
      client_key: "awx123",
    })
    expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
    expect(request.headers.get("accept")).toBe("application/json")
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ access_token: "act.1" })
  })

  it("keeps the status of a refused token request", async () => {
    const tiktok = tiktokStandIn(() => Response.json({ error: "invalid_grant" }, { status: 400 }))
    const config = TikTok({ clientId: "awx123", [customFetch]: tiktok.fetchStandIn })
    const response = await config[customFetch]!("https://open.tiktokapis.com/v2/oauth/token/", { method: "POST", body: "code=c" })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: "invalid_grant" })
  })

  it("passes other requests through untouched", async () => {
    const userinfo = Response.json({ data: { user: { open_id: "o" } } })
    const tiktok = tiktokStandIn(() => userinfo)
    const config = TikTok({ clientId: "awx123", [customFetch]: tiktok.fetchStandIn })
    const url = "https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name"
    expect(await config[customFetch]!(url, { headers: { authorization: "Bearer act.1" } })).toBe(userinfo)
    expect(tiktok.seen[0].body).toBeUndefined()
  })
})
