import { expect, test } from "vitest"
import { accountWithStoredTokens, type StoredAccountTokens } from "./account-with-stored-tokens.js"

const required = { userId: "u1", type: "oidc", provider: "idp", providerAccountId: "sub-1" } as const
const neverSet: StoredAccountTokens = {
  access_token: null,
  refresh_token: null,
  id_token: null,
  expires_at: null,
  token_type: null,
  scope: null,
  session_state: null,
}

test("token fields never set are left out, not reported as null", () => {
  expect(accountWithStoredTokens({ ...required }, neverSet)).toStrictEqual(required)
})

test("stored tokens are kept, and an expiry read as a decimal string becomes a number", () => {
  const account = accountWithStoredTokens(
    { ...required },
    { ...neverSet, access_token: "at", expires_at: "1700000000", token_type: "bearer", scope: "openid", session_state: "s" },
  )
  expect(account).toStrictEqual({
    ...required,
    access_token: "at",
    expires_at: 1_700_000_000,
    token_type: "bearer",
    scope: "openid",
    session_state: "s",
  })
})

test("the record passed in is not changed", () => {
  const given = { ...required }
  accountWithStoredTokens(given, { ...neverSet, id_token: "it" })
  expect(given).toStrictEqual(required)
})
