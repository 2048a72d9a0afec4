/**
 * Every TypeScript example in the docs type-checks against the built packages, as an app would see them.
 *
 * Read: README.md, docs/**\/*.md and packages/*\/README.md. Every fenced code block is classified by its
 * info string (the words after the opening ```):
 * - ```ts, ```typescript, ```tsx: checked. The block is written as its own module into
 *   .tmp/doc-snippets-<pid>/<document>/ (inside the repository, so `@gatehouse/*` resolves through the
 *   workspace symlinks in node_modules to the packages' dist, and next / svelte / qwik to the root's
 *   node_modules), and one TypeScript program (strict, moduleResolution bundler, jsx react-jsx, types
 *   node; the tsconfig.json written beside them) checks all of them at once. Run `npm run build` first.
 *   The compiler API rather than the tsc command: it answers per file, so a fragment can be required
 *   to fail, and a syntax error in one block does not hide the type errors of the others (tsc skips
 *   the semantic check of the whole program when any file has a syntax error).
 * - ```ts fragment (or typescript / tsx fragment): a deliberate piece of code (an ellipsis, a placeholder,
 *   free names the prose explains). Not required to compile, and required NOT to: a fragment that
 *   type-checks has lost its reason and must drop the marker, so it is checked from then on.
 * - The languages in `uncheckedLanguages` (shell, JavaScript, SQL, HTML, Svelte…) are not type-checked.
 * - Anything else fails the test: a block with no language, a language nobody listed, or a word after
 *   the language other than `fragment`. Add the language to `uncheckedLanguages` knowingly.
 *
 * Where a module lands: a block whose first line is a comment naming a file (`// app/api/auth/route.ts`)
 * is written at that path within its document's folder, so the examples of one document import each
 * other as the files of one app do (`./actions`, `../plugin@auth`); a path already taken (a second
 * `// auth.ts`) gets the block's line before its extension (`auth.L139.ts`), and a block naming no
 * file is `L<line>.ts` at the document folder's root. The document's app
 * modules listed in `appModules` stand for the file the reader has written by following the document
 * (the Next.js `auth.ts`); they take their path before any block does. `@/*` is the Next.js README's
 * folder in every document, as create-next-app's alias is the app's root, so `@/auth` is that app
 * module wherever a Next.js example appears. Qwik documents get Qwik's JSX (`@jsxImportSource`), as a
 * Qwik app's tsconfig sets it.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { afterAll, describe, expect, it } from "vitest"

const repoRoot = fileURLToPath(new URL("../../", import.meta.url))
const workDir = join(repoRoot, ".tmp", `doc-snippets-${process.pid}`)
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

const checkedLanguages = new Set(["ts", "typescript", "tsx"])
const uncheckedLanguages = new Set(["sh", "bash", "js", "javascript", "sql", "html", "http", "svelte", "json", "text"])

/** What an app following the document has written, where the document's examples import it from. */
const appModules: Record<string, Record<string, string>> = {
  "packages/next/README.md": {
    "auth.ts": [
      `import NextAuth from "@gatehouse/next"`,
      `export const { handlers, auth, signIn, signOut, unstable_update, sessions, getAccessToken } = NextAuth({ providers: [] })`,
    ].join("\n"),
  },
  "packages/qwik/README.md": {
    "src/routes/plugin@auth.ts": [
      `import { QwikAuth$ } from "@gatehouse/qwik"`,
      `export const auth = QwikAuth$(() => ({ providers: [] }))`,
      `export const { onRequest, useSession, useSignIn, useSignOut, getAccessToken } = auth`,
    ].join("\n"),
  },
}
const qwikDocuments = new Set(["packages/qwik/README.md", "docs/getting-started/qwik.md"])

interface Block {
  document: string
  /** 1-based line of the opening fence. */
  line: number
  language: string
  words: string[]
  code: string
}

function documents(): string[] {
  const docs = readdirSync(join(repoRoot, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`)
  const readmes = readdirSync(join(repoRoot, "packages"))
    .map((name) => `packages/${name}/README.md`)
    .filter((path) => {
      try {
        readFileSync(join(repoRoot, path))
        return true
      } catch {
        return false
      }
    })
  return ["README.md", ...docs.sort(), ...readmes.sort()]
}

/** Fenced code blocks (``` or ~~~, possibly indented in a list item), as CommonMark reads them. */
function fencedBlocks(document: string): Block[] {
  const lines = readFileSync(join(repoRoot, document), "utf8").split("\n")
  const blocks: Block[] = []
  let open: { indent: number; fence: string; info: string; line: number; body: string[] } | undefined
  lines.forEach((text, index) => {
    const fence = text.match(/^(\s*)(`{3,}|~{3,})(.*)$/)
    if (open) {
      if (fence && fence[2]!.startsWith(open.fence) && fence[3]!.trim() === "") {
        const [language = "", ...words] = open.info.split(/\s+/).filter(Boolean)
        blocks.push({ document, line: open.line, language, words, code: open.body.join("\n") })
        open = undefined
      } else {
        open.body.push(text.slice(Math.min(open.indent, text.length - text.trimStart().length)))
      }
      return
    }
    if (fence) open = { indent: fence[1]!.length, fence: fence[2]!, info: fence[3]!.trim(), line: index + 1, body: [] }
  })
  if (open) blocks.push({ document, line: open.line, language: "(unclosed)", words: [], code: "" })
  return blocks
}

interface Snippet {
  block: Block
  fragment: boolean
  file: string
  /** Characters put before the block's first line (a JSX pragma): its lines stay the document's. */
  prefix: string
}

/** Where each checked block is written, and the app modules beside them; problems with the markers. */
function layOut(blocks: Block[]): { snippets: Snippet[]; appFiles: Record<string, string>; problems: string[] } {
  const snippets: Snippet[] = []
  const appFiles: Record<string, string> = {}
  const problems: string[] = []
  const taken = new Set<string>()
  for (const document of new Set(blocks.map((block) => block.document))) {
    for (const [path, code] of Object.entries(appModules[document] ?? {})) {
      appFiles[join(folderOf(document), path)] = code
      taken.add(join(folderOf(document), path))
    }
  }
  for (const block of blocks) {
    const where = `${block.document}:${block.line}`
    if (!checkedLanguages.has(block.language)) {
      if (!uncheckedLanguages.has(block.language)) {
        problems.push(`${where}: code block in "${block.language || "(no language)"}": name a language this test knows`)
      } else if (block.words.length > 0) {
        problems.push(`${where}: "${block.words.join(" ")}" after ${block.language} means nothing here`)
      }
      continue
    }
    const unknownWords = block.words.filter((word) => word !== "fragment")
    if (unknownWords.length > 0) {
      problems.push(`${where}: "${unknownWords.join(" ")}" after ${block.language}: the only marker is "fragment"`)
      continue
    }
    const extension = block.language === "tsx" ? "tsx" : "ts"
    const named = block.code.match(/^\s*\/\/\s*(\S+\.tsx?)(?=\s|$)/)?.[1]
    let file = join(folderOf(block.document), named ?? `L${block.line}.${extension}`)
    // A second block for the same file sits beside the first, so its relative imports still resolve.
    if (taken.has(file)) file = file.replace(/(\.tsx?)$/, `.L${block.line}$1`)
    taken.add(file)
    const prefix = qwikDocuments.has(block.document) && file.endsWith(".tsx") ? "/** @jsxImportSource @builder.io/qwik */ " : ""
    snippets.push({ block, fragment: block.words.includes("fragment"), file, prefix })
  }
  return { snippets, appFiles, problems }
}

function folderOf(document: string): string {
  return join(workDir, document.replace(/\.md$/, "").replaceAll("/", "__"))
}

function compilerOptions(): Record<string, unknown> {
  return {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: "ES2022",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    module: "ESNext",
    moduleResolution: "bundler",
    jsx: "react-jsx",
    esModuleInterop: true,
    resolveJsonModule: true,
    types: ["node"],
    // The Next.js app's alias for its root, as create-next-app writes it.
    paths: { "@/*": [`./${relative(workDir, folderOf("packages/next/README.md"))}/*`] },
  }
}

function diagnosticText(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")
}

describe("TypeScript examples in the docs", () => {
  const blocks = documents().flatMap(fencedBlocks)
  const { snippets, appFiles, problems } = layOut(blocks)

  it("every code block says what it is: a checked language, a fragment, or a language left unchecked", () => {
    expect(problems).toEqual([])
  })

  it("type-check against the built packages, and every block marked fragment fails to", () => {
    for (const pkg of ["core", "next", "sveltekit", "qwik"]) {
      expect(readdirSync(join(repoRoot, "packages", pkg)), `packages/${pkg} is not built: run \`npm run build\``).toContain("dist")
    }
    rmSync(workDir, { recursive: true, force: true })
    for (const [file, code] of Object.entries(appFiles)) {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, `${code}\n`)
    }
    for (const { file, block, prefix } of snippets) {
      mkdirSync(dirname(file), { recursive: true })
      // `export {}` keeps a block without imports a module: names never clash between blocks.
      writeFileSync(file, `${prefix}${block.code}\nexport {}\n`)
    }
    writeFileSync(
      join(workDir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: compilerOptions(), include: ["**/*.ts", "**/*.tsx"] }, null, 2),
    )

    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(workDir, "tsconfig.json"),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    )!
    expect(parsed.errors.map(diagnosticText)).toEqual([])
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options })
    expect(program.getOptionsDiagnostics().map(diagnosticText)).toEqual([])
    expect(program.getGlobalDiagnostics().map(diagnosticText)).toEqual([])

    const failures: string[] = []
    for (const [file] of Object.entries(appFiles)) {
      const sourceFile = program.getSourceFile(file)!
      for (const diagnostic of [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]) {
        failures.push(`(the test's app module ${relative(workDir, file)}): ${diagnosticText(diagnostic)}`)
      }
    }
    let fragments = 0
    for (const { file, block, fragment } of snippets) {
      const sourceFile = program.getSourceFile(file)
      if (!sourceFile) throw new Error(`${file} is not in the program`)
      const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]
      if (fragment) {
        fragments++
        if (diagnostics.length === 0) failures.push(`${block.document}:${block.line}: marked fragment but type-checks: drop the marker`)
        continue
      }
      for (const diagnostic of diagnostics) {
        const { line } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
        failures.push(`${block.document}:${block.line + 1 + line}: TS${diagnostic.code} ${diagnosticText(diagnostic)}`)
      }
    }
    console.log(`doc snippets: ${snippets.length - fragments} type-checked, ${fragments} marked fragment`)
    expect(failures).toEqual([])
    // The extraction finds what the docs hold: an empty harvest would pass everything above.
    expect(snippets.length - fragments).toBeGreaterThan(30)
  }, 120_000)
})
