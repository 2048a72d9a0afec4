import { httpEmailProvider, type HttpEmailUserConfig } from "../email/http-email-provider.js"
import type { EmailConfig } from "./types.js"

export interface EmailUserConfig extends HttpEmailUserConfig {
  /** The id of the transactional e-mail in Loops; its template gets the link as the data variable `url`. */
  transactionalId?: string
}

/**
 * Sign in with a magic link sent as a Loops transactional e-mail
 * (`POST https://app.loops.so/api/v1/transactional`, Bearer key). The mail is your Loops template,
 * which receives only `url`, so no sign-in code is offered. The key comes from `apiKey` or
 * AUTH_LOOPS_KEY.
 */
export default function Loops(config: EmailUserConfig): EmailConfig {
  return httpEmailProvider(
    {
      id: "loops",
      name: "Loops",
      endpoint: "https://app.loops.so/api/v1/transactional",
      headers: (apiKey) => ({ Authorization: `Bearer ${apiKey}` }),
      body: (mail, provider) => {
        const { transactionalId } = provider as EmailUserConfig
        if (!transactionalId) throw new Error("Loops needs the id of your transactional e-mail: set `transactionalId`")
        return { transactionalId, email: mail.to, dataVariables: { url: mail.url } }
      },
      defaults: { signInCode: false },
    },
    config,
  )
}
