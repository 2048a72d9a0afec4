/**
 * `@gatehouse/core/doctor`: the configuration checks behind `gatehouse doctor` and the report a
 * development server prints once at start-up.
 */
export { diagnoseConfig, minimumSecretLength } from "./diagnose-config.js"
export type { DiagnoseOptions, Finding, FindingLevel } from "./diagnose-config.js"
export { checkIssuers } from "./check-issuers.js"
export { checkVerificationTokens } from "./check-verification-tokens.js"
export { formatFinding, reportConfigAtStartup } from "./report-at-startup.js"
export { redactUrl, redactUrlsIn } from "../config/redact-url.js"
