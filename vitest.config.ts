import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const nodeCrypto = fileURLToPath(new URL("./packages/core/src/crypto/native-crypto.node.ts", import.meta.url))
const nodeStartupReport = fileURLToPath(new URL("./packages/core/src/doctor/startup-report.node.ts", import.meta.url))
const sessionRecordsSource = fileURLToPath(new URL("./packages/core/src/session-records/index.ts", import.meta.url))

export default defineConfig({
  plugins: [
    {
      // Core's source imports the runtime-neutral native-crypto.ts; the built package resolves it by
      // export condition (#native-crypto). Tests run on Node, so they get what Node loads: the
      // node:crypto variant. The WebCrypto variant is tested through the built package
      // (packages/core/src/jwt/jwe-paths.fuzz.test.ts).
      name: "core-native-crypto-node-variant",
      enforce: "pre",
      resolveId(source, importer) {
        if (importer?.includes("/packages/core/src/") && source.endsWith("/native-crypto.js")) return nodeCrypto
      },
    },
    {
      // The same for the doctor's start-up report (#startup-report): Node's variant prints it; the
      // edge one, nothing (test/packaging/workers-bundle.test.ts checks the Workers bundle has none).
      name: "core-startup-report-node-variant",
      enforce: "pre",
      resolveId(source, importer) {
        if (importer?.includes("/packages/core/src/") && source.endsWith("/startup-report.js")) return nodeStartupReport
      },
    },
    {
      // The adapters' source carries core's session-records code (withSessionRecords from
      // @gatehouse/core/session-records). Tests that import an adapter's source run core's source
      // too: the adapter must carry that same code, not the built copy, whose errors and
      // revocation memory are another module's (one copy of core, as in an app).
      name: "adapter-source-carries-core-source",
      enforce: "pre",
      resolveId(source, importer) {
        if (source === "@gatehouse/core/session-records" && /\/packages\/adapter-[a-z]+\/src\//.test(importer ?? ""))
          return sessionRecordsSource
      },
    },
  ],
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 600_000,
    // Browser end-to-end suites build whole apps: keep them from fighting over two cores.
    fileParallelism: true,
    maxWorkers: 2,
  },
})
