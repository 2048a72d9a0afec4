import { defineConfig } from "vitest/config"

export default defineConfig({
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
