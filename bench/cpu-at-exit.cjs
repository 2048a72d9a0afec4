// Preloaded (`node -r`) into every child of bench/cold-import.mjs: prints the child's own CPU time at
// exit. CommonJS, so a bare `node -e 0` loads no ES module machinery for it.
process.on("exit", () => {
  const { user, system } = process.cpuUsage()
  process.stdout.write(`cpu ${(user + system) / 1000}`)
})
