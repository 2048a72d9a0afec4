import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** What a NetSuite RESTlet written to return the current user typically answers. */
export interface NetSuiteProfile extends ProviderClaims {
  id: number
  name: string
  email: string
  location: number
  role: number
  roleId?: string
  roleCenter?: string
  contact?: number
  subsidiary?: number
  department?: number
}

export interface NetSuiteOptions extends OAuthUserConfig<NetSuiteProfile> {
  /** The NetSuite account id, e.g. `TSTDRV1234567` or `81555` (sandbox: `81555-sb1`). */
  accountID?: string
}

/**
 * Oracle NetSuite (OAuth 2 with state, `AUTH_NETSUITE_ID` / `AUTH_NETSUITE_SECRET`), scopes
 * `restlets rest_webservices`. NetSuite has no userinfo endpoint: `userinfo` must be the URL of a
 * RESTlet (deployed in the account) that returns the current user.
 */
export default function NetSuite(options: NetSuiteOptions = {}): OAuthConfig<NetSuiteProfile> {
  const { accountID } = options
  return {
    id: "netsuite",
    name: "NetSuite",
    type: "oauth",
    checks: ["state"],
    authorization: {
      url: `https://${accountID}.app.netsuite.com/app/login/oauth2/authorize.nl`,
      params: { scope: "restlets rest_webservices" },
    },
    token: `https://${accountID}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
    profile(profile) {
      return { id: profile.id.toString(), name: profile.name, email: profile.email, image: null }
    },
    style: { logo: "/netsuite.svg", bg: "#181a1b", text: "#fbfbfb" },
    options,
  }
}
