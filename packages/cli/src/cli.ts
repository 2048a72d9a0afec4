#!/usr/bin/env node
/**
 * `gatehouse <command>`: secret, migrate, doctor. Each command returns its exit status; errors a
 * user can fix are printed as one line, never as a stack trace.
 */
import { doctorCommand } from "./doctor/doctor-command.js"
import { migrateCommand } from "./migrate/migrate-command.js"
import { secretCommand } from "./secret/secret-command.js"
import { UsageError } from "./usage-error.js"

const usage = `Usage: gatehouse <command> [options]

  secret [--write <file>] [--force] [--follow-symlink]
      Print a new AUTH_SECRET, or append it to <file> (e.g. .env.local). An AUTH_SECRET already
      in the file is kept unless --force is given (which replaces every AUTH_SECRET line). A
      <file> that is a symbolic link is written through only with --follow-symlink.

  migrate [--url <postgres://…|file:path.db|path.db>] [module] [--dry-run]
      Create or upgrade the Gatehouse tables. --dry-run prints the SQL it would run and, on an
      existing Auth.js PostgreSQL database, what it would add and which rows stand in the way.
      Without --url: DATABASE_URL, else the database of the adapter in the app's auth config
      (found as doctor finds it; module: the file holding the config).

  doctor [module] [--production] [--online] [--origin <url>] [--instances <n>]
      Load the app's auth config (module: a file whose default export is the config or a function
      returning it; without it, auth.ts for Next.js, src/auth.ts for SvelteKit,
      src/routes/plugin@auth.ts for Qwik) with the environment the app sees (.env, .env.local…)
      and list what is wrong and how to fix it. Exits 1 on any error. --online also reads the
      providers' discovery documents and tries the adapter's verification tokens (one record
      written and used).
`

const commands: Record<string, (args: string[]) => Promise<number>> = {
  secret: secretCommand,
  migrate: migrateCommand,
  doctor: doctorCommand,
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(usage)
    return name ? 0 : 1
  }
  const command = commands[name]
  if (!command) {
    process.stderr.write(`gatehouse: unknown command "${name}"\n\n${usage}`)
    return 1
  }
  try {
    return await command(args)
  } catch (error) {
    const badArguments = String((error as NodeJS.ErrnoException)?.code).startsWith("ERR_PARSE_ARGS")
    if (error instanceof UsageError || badArguments) {
      process.stderr.write(`gatehouse ${name}: ${(error as Error).message}\n`)
      return 1
    }
    throw error
  }
}

process.exitCode = await main(process.argv.slice(2))
