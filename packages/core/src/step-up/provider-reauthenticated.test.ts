import { UnsecuredJWT } from "jose"
import { describe, expect, it } from "vitest"
import { credentialsConfig } from "../../../test-kit/src/credentials-app.js"
import { resolveConfig } from "../config/resolve-config.js"
import { requestOptions } from "../config/request-options.js"
import { parseRequest } from "../http/parse-request.js"
import type { Account } from "../shared-types.js"
import { refuseUnlessReauthenticated } from "./provider-reauthenticated.js"
import { mintStepUpCookie } from "./step-up-cookie.js"

async function optionsWithStepUp(since: number) {
  const config = resolveConfig(credentialsConfig())
  const { options } = await requestOptions(await parseRequest(new Request("http://localhost:3000/auth/session"), "/auth"), config)
  const cookie = await mintStepUpCookie({ owner: "user-1", since }, options)
  return { options, cookies: { [cookie.name]: cookie.value } }
}

const account = (claims: Record<string, unknown>): Account =>
  ({ provider: "idp", type: "oidc", providerAccountId: "sub-1", id_token: new UnsecuredJWT(claims).encode() }) as Account

describe("the provider's re-authentication during a step-up", () => {
  const now = Math.floor(Date.now() / 1000)

  it("accepts an ID token whose auth_time is after the step-up began", async () => {
    const { options, cookies } = await optionsWithStepUp(now - 5)
    await expect(refuseUnlessReauthenticated(cookies, account({ auth_time: now }), options)).resolves.toBeUndefined()
  })

  it("refuses an ID token without auth_time, or from an older sign-in at the provider", async () => {
    const { options, cookies } = await optionsWithStepUp(now)
    await expect(refuseUnlessReauthenticated(cookies, account({}), options)).rejects.toMatchObject({ type: "StepUpFailed" })
    await expect(refuseUnlessReauthenticated(cookies, account({ auth_time: now - 3600 }), options)).rejects.toMatchObject({
      type: "StepUpFailed",
      cause: expect.objectContaining({ reason: "not-reauthenticated" }),
    })
  })

  it("asks nothing outside a step-up", async () => {
    const { options } = await optionsWithStepUp(now)
    await expect(refuseUnlessReauthenticated({}, account({}), options)).resolves.toBeUndefined()
  })
})
