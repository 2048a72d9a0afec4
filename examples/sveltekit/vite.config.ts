import { sveltekit } from "@sveltejs/kit/vite"
import { defineConfig } from "vite"

export default defineConfig({
  plugins: [sveltekit()],
  // Workspace packages are bundled by default; the SQLite adapter loads a native module
  // (better-sqlite3) that must stay a plain Node import at run time.
  ssr: { external: ["@gatehouse/adapter-sqlite"] },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
})
