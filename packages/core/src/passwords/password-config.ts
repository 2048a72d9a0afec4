/** The Password provider's options and flows: defined with InternalOptions in providers/types.ts (one recursive shape). */
import type { PasswordConfig } from "../providers/types.js"

export type { PasswordConfig, PasswordFlows, PasswordMail } from "../providers/types.js"

export type PasswordUserConfig = Omit<Partial<PasswordConfig>, "type">
