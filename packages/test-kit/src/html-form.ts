/** A form on a built-in page as a browser would submit it: its action and its hidden fields. */
export interface PageForm {
  action: string
  fields: Record<string, string>
}

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" }

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity])
}

/** The forms of a page, in order, with every hidden input's name and value. */
export function pageForms(html: string): PageForm[] {
  const forms: PageForm[] = []
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const action = /action="([^"]*)"/.exec(match[1])?.[1] ?? ""
    const fields: Record<string, string> = {}
    for (const input of match[2].matchAll(/<input\b([^>]*)>/g)) {
      if (!/type="hidden"/.test(input[1])) continue
      const name = /name="([^"]*)"/.exec(input[1])?.[1]
      const value = /value="([^"]*)"/.exec(input[1])?.[1] ?? ""
      if (name) fields[unescapeHtml(name)] = unescapeHtml(value)
    }
    forms.push({ action: unescapeHtml(action), fields })
  }
  return forms
}
