/**
 * A provider's mark on the built-in sign-in page: one 24×24 SVG path, and its colour on a light and
 * on a dark card. Catalogue providers carry theirs (`style.mark`); any provider may set one.
 */
export interface BrandMark {
  /** The brand's name, for reference; the button's text stays its accessible name. */
  title: string
  light: string
  dark: string
  path: string
}
