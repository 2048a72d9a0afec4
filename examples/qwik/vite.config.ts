import { qwikVite } from "@builder.io/qwik/optimizer"
import { qwikCity } from "@builder.io/qwik-city/vite"
import { defineConfig } from "vite"

export default defineConfig(() => ({
  plugins: [qwikCity(), qwikVite()],
  // The server loads Gatehouse's core (a dependency of @gatehouse/qwik) and the SQLite adapter from
  // node_modules, as an app installing them from the registry would; @gatehouse/qwik itself is bundled (a Qwik library).
  ssr: { external: ["@gatehouse/core", "@gatehouse/adapter-sqlite", "better-sqlite3"] },
  // Loopback only: the dev server is for this machine.
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
}))
