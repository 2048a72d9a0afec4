import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { mutants } from "./fixtures/mutants.js"

interface AssertionResult {
  ancestorTitles: string[]
  title: string
  status: "passed" | "failed" | "skipped" | "pending" | "todo"
}

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures")
const vitestCli = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs")
let results: AssertionResult[] = []
let outputFolder = ""

// The suite is only worth something if it fails broken adapters. Run it, in its own vitest
// process, against a correct reference adapter and against one broken variant per flaw.
beforeAll(async () => {
  outputFolder = mkdtempSync(join(tmpdir(), "gatehouse-adapter-test-"))
  const report = join(outputFolder, "report.json")
  // Next's global types (seen through @gatehouse/next) make NODE_ENV a required key of ProcessEnv; a copy may lack it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST"))) as NodeJS.ProcessEnv
  // Awaited, not spawnSync: a worker blocked for over 60 s has its calls to vitest's main process time out.
  // The run fails (the broken adapters must), so its exit status says nothing: the report does.
  const run = spawn(process.execPath, [vitestCli, "run", "--root", fixtures, "--reporter=json", `--outputFile=${report}`], {
    cwd: fixtures,
    env,
    stdio: "ignore",
  })
  await new Promise((resolve, reject) => run.once("exit", resolve).once("error", reject))
  const parsed = JSON.parse(readFileSync(report, "utf8")) as { testResults: { assertionResults: AssertionResult[] }[] }
  results = parsed.testResults.flatMap((file) => file.assertionResults)
}, 120_000)

afterAll(() => rmSync(outputFolder, { recursive: true, force: true }))

function resultsOf(adapterName: string): AssertionResult[] {
  return results.filter((result) => result.ancestorTitles[0] === adapterName)
}

describe("the conformance suite", () => {
  test("passes a correct adapter in full", () => {
    const reference = resultsOf("reference")
    expect(reference.length).toBeGreaterThan(40)
    expect(reference.filter((result) => result.status !== "passed").map((result) => result.title)).toEqual([])
  })

  for (const [name, { catchBy }] of Object.entries(mutants)) {
    test(`fails an adapter whose ${name}`, () => {
      const failed = resultsOf(`mutant: ${name}`).filter((result) => result.status === "failed")
      expect(failed.map((result) => result.title).join("\n")).toContain(catchBy)
    })
  }
})
