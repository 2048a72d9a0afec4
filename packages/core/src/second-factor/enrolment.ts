import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { finishPendingSignIn } from "../login/finish-pending-sign-in.js"
import { secondFactorPage } from "../pages/second-factor-page.js"
import type { ResponseInternal } from "../types.js"
import { backupCodeHash, newBackupCodes } from "./backup-codes.js"
import { pendingSignInDeletion } from "./pending-sign-in.js"
import { secondFactorPageUrl } from "./second-factor-due.js"
import type { SecondFactorOwner } from "./second-factor-owner.js"
import { answer, type Answering } from "./second-factor-answer.js"
import { openTotpSecret, sealTotpSecret } from "./secret-box.js"

/**
 * POST {basePath}/second-factor/totp/enroll: a new TOTP secret for the owner, kept (encrypted)
 * as pending until confirmed: `{ secret, uri, qr }` (qr an SVG of the otpauth URI). Nothing is
 * active yet. An owner whose TOTP is on must turn it off first (a step-up): enrolling cannot
 * silently replace a factor.
 */
export async function enrolTotp(owner: SecondFactorOwner, answering: Answering, options: InternalOptions): Promise<ResponseInternal> {
  const adapter = options.adapter!
  const record = await adapter.getSecondFactor(owner.key)
  if (record?.totpSecret) return answer(answering, options, { status: 409, error: "already-enabled" })
  const secret = await options.secondFactor!.totp.newSecret()
  await adapter.setSecondFactor({ ownerKey: owner.key, pendingTotpSecret: await sealTotpSecret(secret, options.secret) })
  return enrolmentAnswer(secret, owner, answering, options)
}

async function enrolmentAnswer(secret: string, owner: SecondFactorOwner, answering: Answering, options: InternalOptions, error = false) {
  const { totp, issuer } = options.secondFactor!
  const uri = await totp.uri(secret, issuer ?? options.url.hostname, owner.label)
  const qr = await totp.qrSvg(uri)
  if (answering.json) return answer(answering, options, error ? { status: 400, error: "invalid-code" } : { body: { secret, uri, qr } })
  return secondFactorPage(options, { step: "enrol", secret, qr, error }, error ? 400 : 200)
}

/**
 * POST {basePath}/second-factor/totp/confirm (`code`): the pending secret becomes the owner's
 * TOTP once a code of it is right (that code's step is claimed: it cannot sign in again), with
 * 10 new backup codes, shown once: `{ backupCodes }`. For a pending sign-in that had to enrol,
 * this also completes the sign-in (the session cookie is set here).
 */
export async function confirmTotp(
  request: RequestInternal,
  owner: SecondFactorOwner,
  answering: Answering,
  options: InternalOptions,
): Promise<ResponseInternal> {
  const adapter = options.adapter!
  const record = await adapter.getSecondFactor(owner.key)
  if (!record?.pendingTotpSecret) return answer(answering, options, { status: 409, error: "nothing-to-confirm" })
  const secret = await openTotpSecret(record.pendingTotpSecret, options.secret)
  const code = typeof request.body?.code === "string" ? request.body.code.trim() : ""
  const step = await options.secondFactor!.totp.stepOf(secret, code)
  if (step === null) return enrolmentAnswer(secret, owner, answering, options, true)

  const backupCodes = options.secondFactor!.methods.includes("backup-code") ? newBackupCodes() : []
  await adapter.setSecondFactor({
    ownerKey: owner.key,
    totpSecret: record.pendingTotpSecret,
    pendingTotpSecret: null,
    backupCodeHashes: await Promise.all(backupCodes.map(backupCodeHash)),
  })
  await adapter.claimTotpStep(owner.key, step)

  let completed: ResponseInternal | undefined
  if (owner.pending && (await options.pendingSignIns.claim(owner.pending.id))) {
    completed = await finishPendingSignIn(
      request,
      owner.pending,
      { method: "totp", amr: "otp" },
      options,
      pendingSignInDeletion(request.cookies, options),
    )
  }
  const continueTo = completed?.redirect ?? secondFactorPageUrl(options)
  const response = answering.json
    ? answer(answering, options, { body: { backupCodes, ...(completed ? { url: continueTo } : {}) } })
    : secondFactorPage(options, { step: "backup-codes", codes: backupCodes, continueTo })
  return { ...response, cookies: completed?.cookies ?? [] }
}
