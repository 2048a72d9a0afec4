import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, expect, test } from "vitest"
import { checkIssuers } from "./check-issuers.js"

/** A loopback server answering discovery for three issuers: a correct one, one naming another issuer, and none. */
let server: Server
let origin: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const issuer = `${origin}${request.url!.replace("/.well-known/openid-configuration", "")}`
    if (request.url === "/good/.well-known/openid-configuration") {
      response.setHeader("content-type", "application/json")
      response.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/authorize`, jwks_uri: `${issuer}/jwks` }))
    } else if (request.url === "/other/.well-known/openid-configuration") {
      response.setHeader("content-type", "application/json")
      response.end(JSON.stringify({ issuer: `${origin}/somewhere-else`, authorization_endpoint: `${issuer}/authorize` }))
    } else {
      response.statusCode = 404
      response.end("not found")
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const oidc = (id: string, issuer: string) => ({ id, name: id, type: "oidc" as const, issuer, clientId: "a", clientSecret: "b" })

test("a readable discovery document: no finding", async () => {
  expect(await checkIssuers({ providers: [oidc("good", `${origin}/good`)] }, { env: {} })).toEqual([])
})

test("a missing document and one naming another issuer are reported", async () => {
  const findings = await checkIssuers({ providers: [oidc("gone", `${origin}/gone`), oidc("other", `${origin}/other`)] }, { env: {} })
  expect(findings.map((finding) => finding.check)).toEqual(["issuer-unreadable", "issuer-unreadable"])
  expect(findings[0]!.message).toContain(`gone (gone): the discovery document of ${origin}/gone could not be read:`)
  expect(findings[1]!.message).toContain(`other (other): the discovery document of ${origin}/other could not be read:`)
  expect(findings[1]!.message).toMatch(/issuer/)
})

test("the issuer comes from AUTH_<PROVIDER>_ISSUER as at run time", async () => {
  const findings = await checkIssuers(
    { providers: [{ id: "corp", name: "Corp", type: "oidc" } as any] },
    { env: { AUTH_CORP_ISSUER: `${origin}/gone` } },
  )
  expect(findings).toHaveLength(1)
  expect(findings[0]!.message).toContain(`${origin}/gone`)
})

test("providers with every endpoint given are not fetched", async () => {
  const oauth = {
    id: "plain",
    type: "oauth" as const,
    issuer: `${origin}/gone`,
    authorization: `${origin}/a`,
    token: `${origin}/t`,
    userinfo: `${origin}/u`,
  }
  expect(await checkIssuers({ providers: [oauth as any] }, { env: {} })).toEqual([])
})
