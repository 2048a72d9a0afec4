/**
 * A tiny HTML renderer: `html` tagged templates escape every interpolated value unless it is
 * itself `html` (or an array of them). That is the whole defence against markup in provider
 * names, errors and URLs, so nothing else builds markup by string concatenation.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c])
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join("")
  if (value === null || value === undefined || value === false) return ""
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]
  return new SafeHtml(out)
}

/**
 * A `<script>` element around our own script text (never input). Not an `html` template: a tagged
 * template containing `</script>` makes esbuild (and so wrangler, Vite, tsup) rewrite every such
 * call site with a helper that keeps the raw strings, a few hundred bytes in the app's bundle.
 */
export function inlineScript(source: string): SafeHtml {
  return new SafeHtml(`<script>${source}</script>`)
}
