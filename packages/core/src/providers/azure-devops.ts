import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** The profile Azure DevOps' profile API returned. */
export interface AzureDevOpsProfile extends ProviderClaims {
  id: string
  displayName: string
  emailAddress: string
  coreAttributes: { Avatar: { value: { value: string } } }
}

/**
 * Azure DevOps OAuth is not offered: Microsoft no longer registers Azure DevOps OAuth apps and
 * points to Microsoft Entra ID, and Auth.js's provider never worked (its custom token request is
 * not called). The module exists so that an app importing it, as it did from Auth.js, fails at
 * start-up with the way forward instead of a missing module.
 */
export default function AzureDevOps(_options?: OAuthUserConfig<AzureDevOpsProfile>): OAuthConfig<AzureDevOpsProfile> {
  throw new Error(
    "The azure-devops provider is not available: Azure DevOps OAuth apps are deprecated by Microsoft. " +
      'Use microsoft-entra-id with the Azure DevOps scope: MicrosoftEntraID({ authorization: { params: { scope: "openid profile email offline_access 499b84ac-1321-427f-aa17-267ca6975798/.default" } } }).',
  )
}
