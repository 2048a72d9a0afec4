import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { secondFactorPage } from "../pages/second-factor-page.js"
import { currentSession } from "../sessions/current-session.js"
import { revokeFor } from "../sessions/revoke-user-sessions.js"
import { sessionRecordsFor } from "../sessions/session-records.js"
import { refuseUnlessRecent } from "../step-up/refuse-unless-recent.js"
import type { ResponseInternal } from "../types.js"
import { backupCodeHash, newBackupCodes } from "./backup-codes.js"
import { secondFactorPageUrl } from "./second-factor-due.js"
import type { SecondFactorOwner } from "./second-factor-owner.js"
import { answer, type Answering } from "./second-factor-answer.js"

/**
 * POST {basePath}/second-factor/disable: turns the owner's second factor off (secret, pending
 * secret and backup codes gone), for a sign-in within `session.freshAge` only (RFC 9470's 401, or
 * the re-authentication page, otherwise), and ends the user's other sessions: whoever else was
 * signed in no longer passes a second factor the user just turned off.
 */
export async function disableSecondFactor(
  request: RequestInternal,
  owner: SecondFactorOwner,
  answering: Answering,
  options: InternalOptions,
): Promise<ResponseInternal> {
  const refused = await refuseUnlessRecent(request, options, { callbackUrl: secondFactorPageUrl(options) })
  if (refused) return refused
  await options.adapter!.deleteSecondFactor(owner.key)
  let revoked = 0
  // Where the owner's sessions are recorded (sessions/session-records.ts); unrecorded ones cannot be listed, nor ended here.
  if (owner.session && sessionRecordsFor(owner.session.kind, options)) {
    const { session } = await currentSession(request.cookies, options, "sets-no-cookies")
    if (session) revoked = (await revokeFor(session, { scope: "others" }, options)).revoked
  }
  return answer(answering, options, { body: { ok: true, revokedSessions: revoked } })
}

/**
 * POST {basePath}/second-factor/backup-codes: 10 new backup codes replacing every old one, shown
 * once (`{ backupCodes }`), for a sign-in within `session.freshAge` and an owner whose TOTP is on.
 */
export async function renewBackupCodes(
  request: RequestInternal,
  owner: SecondFactorOwner,
  answering: Answering,
  options: InternalOptions,
): Promise<ResponseInternal> {
  const refused = await refuseUnlessRecent(request, options, { callbackUrl: secondFactorPageUrl(options) })
  if (refused) return refused
  if (!options.secondFactor!.methods.includes("backup-code")) return answer(answering, options, { status: 404, error: "not-offered" })
  const adapter = options.adapter!
  const record = await adapter.getSecondFactor(owner.key)
  if (!record?.totpSecret) return answer(answering, options, { status: 409, error: "not-enabled" })
  const backupCodes = newBackupCodes()
  await adapter.setSecondFactor({ ownerKey: owner.key, backupCodeHashes: await Promise.all(backupCodes.map(backupCodeHash)) })
  if (answering.json) return answer(answering, options, { body: { backupCodes } })
  return secondFactorPage(options, { step: "backup-codes", codes: backupCodes, continueTo: secondFactorPageUrl(options) })
}
