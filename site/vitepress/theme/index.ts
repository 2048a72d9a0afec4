// The stock theme with our accessibility fixes (custom.css, and labels the stock components leave out).
import DefaultTheme from "vitepress/theme"
import "./custom.css"

export default {
  extends: DefaultTheme,
  enhanceApp() {
    if (typeof window === "undefined") return
    // Wide tables scroll sideways; keyboard users must be able to reach them (axe: scrollable-region-focusable).
    const makeScrollersFocusable = () => {
      for (const table of document.querySelectorAll<HTMLElement>(".vp-doc table")) {
        if (!table.hasAttribute("tabindex")) table.setAttribute("tabindex", "0")
      }
      for (const code of document.querySelectorAll<HTMLElement>(".vp-doc div[class*='language-'] pre")) {
        if (!code.hasAttribute("tabindex")) code.setAttribute("tabindex", "0")
      }
    }
    new MutationObserver(makeScrollersFocusable).observe(document.documentElement, { childList: true, subtree: true })
    makeScrollersFocusable()
  },
}
