import { parseArgs } from "node:util"
import { checkIssuers, checkVerificationTokens, diagnoseConfig, type Finding } from "@gatehouse/core/doctor"
import { UsageError } from "../usage-error.js"
import { findApp, loadAppConfig } from "./app-config.js"
import { formatFindingsTable } from "./print-findings.js"

export async function doctorCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      production: { type: "boolean", default: false },
      online: { type: "boolean", default: false },
      origin: { type: "string" },
      instances: { type: "string" },
    },
    strict: true,
  })
  const production = values.production || process.env.NODE_ENV === "production"
  const app = await findApp(
    process.cwd(),
    production,
    positionals[0],
    "no Next.js, SvelteKit or Qwik City app here: name the module holding the auth config, e.g. gatehouse doctor src/auth-config.ts",
  )
  const { env, files, framework, modulePath } = app
  const instances = values.instances === undefined ? undefined : Number(values.instances)
  if (instances !== undefined && !(Number.isInteger(instances) && instances >= 1))
    throw new UsageError("--instances takes a whole number, 1 or more")
  const origin = values.origin ?? framework?.devOrigin ?? "http://localhost:3000"
  if (!URL.canParse(origin)) throw new UsageError(`--origin is not a URL: ${origin}`)

  const config = await loadAppConfig(app, origin)
  const findings: Finding[] = diagnoseConfig(config, {
    env,
    production,
    origin,
    basePath: framework?.basePath,
    defaultBasePath: framework?.defaultBasePath,
    instances,
  })
  if (values.online) findings.push(...(await checkIssuers(config, { env })), ...(await checkVerificationTokens(config)))

  const source = `${modulePath}${framework ? ` (${framework.name})` : ""}, ${production ? "production" : "development"}, env from ${files.length ? files.join(", ") : "the process only"}`
  const errors = findings.filter((finding) => finding.level === "error").length
  const warnings = findings.filter((finding) => finding.level === "warning").length
  process.stdout.write(`gatehouse doctor: ${source}\n\n`)
  if (findings.length) process.stdout.write(`${formatFindingsTable(findings, process.stdout.columns ?? 110)}\n`)
  process.stdout.write(errors + warnings === 0 ? "No problems found.\n" : `${errors} error(s), ${warnings} warning(s).\n`)
  return errors > 0 ? 1 : 0
}
