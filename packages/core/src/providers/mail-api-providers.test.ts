/** Forward Email, Mailgun and Loops: Auth.js's three remaining mail-API providers, against a local stand-in of each API. */
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { startMailApiStandIn, type MailApiStandIn } from "@gatehouse/test-kit/mail-api-stand-in"
import { resolvedEmailProvider, sendParams } from "../email/test-support/send-params.js"
import { defaultFrom } from "../email/email-provider-options.js"
import { customFetch } from "../auth-options.js"
import ForwardEmail from "./forwardemail.js"
import Loops from "./loops.js"
import Mailgun from "./mailgun.js"

let api: MailApiStandIn
beforeAll(async () => {
  api = await startMailApiStandIn()
})
afterAll(() => api.close())

function viaStandIn<T>(factory: (config: any) => T, options: Record<string, unknown>) {
  return resolvedEmailProvider(factory({ [customFetch]: api.fetch, ...options }) as any)
}

async function send(provider: ReturnType<typeof resolvedEmailProvider>) {
  api.answer(200)
  await provider.sendVerificationRequest(sendParams(provider))
  return api.requests.at(-1)!
}

test.each([
  [ForwardEmail, { id: "forwardemail", name: "Forward Email" }],
  [Mailgun, { id: "mailgun", name: "Mailgun" }],
  [Loops, { id: "loops", name: "Loops" }],
])("defaults: %o", (factory, expected) => {
  expect(resolvedEmailProvider((factory as any)({}))).toMatchObject({
    ...expected,
    type: "email",
    from: defaultFrom,
    maxAge: 86400,
  })
})

describe("Forward Email", () => {
  test("posts JSON with the API key as the Basic user name", async () => {
    const request = await send(viaStandIn(ForwardEmail, { apiKey: "fe_key", from: "login@site.test" }))
    expect(request.intendedUrl).toBe("https://api.forwardemail.net/v1/emails")
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("fe_key:").toString("base64")}`)
    expect(request.body).toMatchObject({ from: "login@site.test", to: "ada@example.test", subject: "Sign in to app.example.test" })
    expect(request.body.html).toContain("ABCD-EFGH")
    expect(request.body.text).toContain("https://app.example.test/auth/callback/forwardemail?")
  })

  test("an error answer fails the send with the service's reply", async () => {
    const provider = viaStandIn(ForwardEmail, { apiKey: "fe_key" })
    api.answer(401, { message: "bad key" })
    await expect(provider.sendVerificationRequest(sendParams(provider))).rejects.toThrow(/Forward Email error: 401 .*bad key/)
    api.answer(200)
  })
})

describe("Mailgun", () => {
  test("posts a form to the sender domain's messages endpoint, Basic api:<key>", async () => {
    const request = await send(viaStandIn(Mailgun, { apiKey: "mg_key", from: "Site <login@mg.site.test>" }))
    expect(request.intendedUrl).toBe("https://api.mailgun.net/v3/mg.site.test/messages")
    expect(request.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/)
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("api:mg_key").toString("base64")}`)
    expect(request.body).toMatchObject({
      from: "Site <login@mg.site.test>",
      to: "ada@example.test",
      subject: "Sign in to app.example.test",
    })
    expect(request.body.html).toContain("ABCD-EFGH")
  })

  test("region EU uses Mailgun's EU server", async () => {
    const request = await send(viaStandIn(Mailgun, { apiKey: "mg_key", from: "login@mg.site.test", region: "EU" }))
    expect(request.intendedUrl).toBe("https://api.eu.mailgun.net/v3/mg.site.test/messages")
  })

  test("a sender without a domain is refused before anything is sent", async () => {
    const before = api.requests.length
    const provider = viaStandIn(Mailgun, { apiKey: "mg_key", from: "nobody" })
    await expect(provider.sendVerificationRequest(sendParams(provider))).rejects.toThrow(/Mailgun .*`from`/)
    expect(api.requests.length).toBe(before)
  })
})

describe("Loops", () => {
  test("posts the transactional id and the link as the data variable url; no code is offered", async () => {
    const provider = viaStandIn(Loops, { apiKey: "lp_key", transactionalId: "tx_123" })
    expect(provider.signInCode).toBe(false)
    const request = await send(provider)
    expect(request.intendedUrl).toBe("https://app.loops.so/api/v1/transactional")
    expect(request.headers.authorization).toBe("Bearer lp_key")
    expect(request.body).toEqual({
      transactionalId: "tx_123",
      email: "ada@example.test",
      dataVariables: { url: expect.stringContaining("https://app.example.test/auth/callback/loops?") },
    })
  })

  test("without a transactional id nothing is sent and the error says what to set", async () => {
    const before = api.requests.length
    const provider = viaStandIn(Loops, { apiKey: "lp_key" })
    await expect(provider.sendVerificationRequest(sendParams(provider))).rejects.toThrow(/transactionalId/)
    expect(api.requests.length).toBe(before)
  })
})
