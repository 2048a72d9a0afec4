/**
 * `@gatehouse/next/locales`: the languages of the built-in pages besides English (`de`, `fr`, `es`, `pt`, `it`,
 * `nl`, `ja`, `zh`, `ko`, and `locales` for all of them), for `pages: { locales: [fr, de] }`,
 * re-exported from `@gatehouse/core/locales`. A bundler keeps only the languages named. See docs/pages.md.
 */
export * from "@gatehouse/core/locales"
