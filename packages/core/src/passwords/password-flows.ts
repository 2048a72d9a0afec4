/**
 * Everything the Password provider does, in one module the provider loads on first use
 * (`loadFlows`): core's own bundle reaches none of it, so an app without passwords (a Workers
 * bundle inlines every dynamic import it can reach) carries no hashing, no common-password list,
 * no pages of it.
 */
import type { PasswordFlows } from "../providers/types.js"
import { passwordCallback } from "./password-callback.js"
import { passwordOperation } from "./password-operation.js"
import { passwordSigninForm } from "./password-signin-form.js"

export const passwordFlows: PasswordFlows = { callback: passwordCallback, operation: passwordOperation, signinForm: passwordSigninForm }
