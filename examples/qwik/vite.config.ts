import { qwikVite } from "@builder.io/qwik/optimizer"
import { qwikCity } from "@builder.io/qwik-city/vite"
import { defineConfig } from "vite"

export default defineConfig(() => ({
  plugins: [qwikCity(), qwikVite()],
  // Loopback only: the dev server is for this machine.
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
}))
