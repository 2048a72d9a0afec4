/** Ids of the e-mail providers in the catalogue: the component shows an address input for these. */
const emailProviderIds = new Set(["email", "nodemailer", "resend", "sendgrid", "postmark", "forwardemail", "mailgun", "loops"])

export function isEmailProviderId(id: string): boolean {
  return emailProviderIds.has(id)
}
