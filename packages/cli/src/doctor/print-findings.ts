import type { Finding } from "@gatehouse/core/doctor"

/**
 * The findings as a table: level, check, then what is wrong with its fix below it, wrapped to the
 * terminal. Errors first.
 */
export function formatFindingsTable(findings: Finding[], width = 100): string {
  const order = { error: 0, warning: 1, info: 2 }
  const sorted = [...findings].sort((a, b) => order[a.level] - order[b.level])
  const levelWidth = 8
  const checkWidth = Math.max(5, ...sorted.map((finding) => finding.check.length)) + 2
  const textWidth = Math.max(40, width - levelWidth - checkWidth)
  const indent = " ".repeat(levelWidth + checkWidth)
  const lines = [`${"LEVEL".padEnd(levelWidth)}${"CHECK".padEnd(checkWidth)}FINDING AND FIX`]
  for (const finding of sorted) {
    const text = [...wrap(finding.message, textWidth), ...wrap(`fix: ${finding.fix}`, textWidth)]
    lines.push(`${finding.level.padEnd(levelWidth)}${finding.check.padEnd(checkWidth)}${text[0]}`)
    for (const line of text.slice(1)) lines.push(`${indent}${line}`)
  }
  return `${lines.join("\n")}\n`
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ""
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}
