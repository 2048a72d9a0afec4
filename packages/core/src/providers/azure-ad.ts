import MicrosoftEntraID, { type MicrosoftEntraIDOptions, type MicrosoftEntraIDProfile } from "./microsoft-entra-id.js"
import type { OIDCConfig } from "./types.js"

export type AzureADProfile = MicrosoftEntraIDProfile
export type AzureADOptions = MicrosoftEntraIDOptions

/**
 * Azure Active Directory: the Microsoft Entra ID provider under its former id, for apps whose
 * accounts were stored with provider `azure-ad` (`AUTH_AZURE_AD_ID` / `AUTH_AZURE_AD_SECRET`).
 */
export default function AzureAD(options: AzureADOptions = {}): OIDCConfig<AzureADProfile> {
  return { ...MicrosoftEntraID(options), id: "azure-ad", name: "Azure Active Directory" }
}
