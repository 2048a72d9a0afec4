// The stock theme with our accessibility fixes (custom.css, and labels the stock components leave out).
import DefaultTheme from "vitepress/theme"
import "./custom.css"

export default {
  extends: DefaultTheme,
  enhanceApp() {
    if (typeof window === "undefined") return
    const fixStockComponents = () => {
      // The search button's aria-label ("Search") hides its visible text and shortcut: let its content name it
      // (axe: label-content-name-mismatch).
      for (const button of document.querySelectorAll<HTMLElement>("button.DocSearch[aria-label]")) button.removeAttribute("aria-label")
      // Wide tables and code scroll sideways; keyboard users must reach them (axe: scrollable-region-focusable).
      for (const table of document.querySelectorAll<HTMLElement>(".vp-doc table")) {
        if (!table.hasAttribute("tabindex")) table.setAttribute("tabindex", "0")
      }
      for (const code of document.querySelectorAll<HTMLElement>(".vp-doc div[class*='language-'] pre")) {
        if (!code.hasAttribute("tabindex")) code.setAttribute("tabindex", "0")
      }
    }
    new MutationObserver(fixStockComponents).observe(document.documentElement, { childList: true, subtree: true })
    fixStockComponents()
  },
}
