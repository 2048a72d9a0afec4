// Links between the repository's documents, rewritten for the site: a document that became a page links
// to that page (its anchor kept), any other repository file to the repository's web address.
import { posix } from "node:path"

/**
 * @param {Map<string, string>} pageOf repository path of a document → site path of its page
 * @param {string} repositoryUrl
 * @returns {(markdown: string, source: string) => string} rewrites the links of `markdown`, read from `source`
 */
export function linkRewriter(pageOf, repositoryUrl) {
  function rewriteTarget(target, source) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("/")) return target
    const hashAt = target.indexOf("#")
    const path = hashAt === -1 ? target : target.slice(0, hashAt)
    const anchor = hashAt === -1 ? "" : target.slice(hashAt)
    const repoPath = posix.normalize(posix.join(posix.dirname(source), path)).replace(/\/$/, "")
    const page = pageOf.get(repoPath) ?? pageOf.get(posix.join(repoPath, "README.md"))
    if (page) return `/${page}${anchor}`
    return `${repositoryUrl}/tree/main/${repoPath}${anchor}`
  }
  return (markdown, source) =>
    // Odd parts are fenced code blocks: left as they are.
    markdown
      .split(/(^```[\s\S]*?^```)/m)
      .map((part, index) =>
        index % 2 === 1
          ? part
          : part.replace(/(\]\()([^)\s]+)(\))/g, (_all, open, target, close) => open + rewriteTarget(target, source) + close),
      )
      .join("")
}
