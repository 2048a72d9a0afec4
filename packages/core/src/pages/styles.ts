/**
 * The built-in pages' stylesheet: plain CSS, light and dark, brand colours from the theme. A page
 * only an optional feature renders (second factor, passwords, account) adds its own rules in its
 * head, so apps without the feature do not carry them.
 */
export const styles = `
:root{--brand-color:#346df1;--button-text-color:#fff;--border-radius:8px;--color-bg:#f5f5f7;--color-card:#fff;--color-text:#1f2328;--color-muted:#656d76;--color-border:#d0d7de;--color-error:#cf222e;--color-error-bg:#ffebe9;--color-focus:#0969da}
.theme-dark{--color-bg:#0d1117;--color-card:#161b22;--color-text:#e6edf3;--color-muted:#9198a1;--color-border:#3d444d;--color-error:#ff9492;--color-error-bg:#3c1e1e;--color-focus:#58a6ff}
@media (prefers-color-scheme:dark){.theme-auto{--color-bg:#0d1117;--color-card:#161b22;--color-text:#e6edf3;--color-muted:#9198a1;--color-border:#3d444d;--color-error:#ff9492;--color-error-bg:#3c1e1e;--color-focus:#58a6ff}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--color-bg);color:var(--color-text);font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
.page{width:100%;max-width:380px;padding:24px}
.logo{display:block;max-height:64px;max-width:160px;margin:0 auto 16px}
.card{background:var(--color-card);border:1px solid var(--color-border);border-radius:var(--border-radius);padding:24px}
h1{font-size:1.25rem;margin:0 0 12px;text-align:center}
p{margin:0 0 16px;color:var(--color-muted);text-align:center}
form{margin:0}
.provider+.provider{margin-top:12px}
label{display:block;font-size:.875rem;font-weight:600;margin:12px 0 4px}
input{width:100%;padding:8px 10px;font-size:1rem;font-family:inherit;border:1px solid var(--color-border);border-radius:6px;background:var(--color-card);color:var(--color-text)}
button{width:100%;margin-top:16px;padding:10px 12px;font-size:1rem;font-weight:600;font-family:inherit;border:0;border-radius:6px;cursor:pointer;background:var(--brand-color);color:var(--button-text-color)}
button.oauth{display:flex;align-items:center;justify-content:center;gap:10px;background:var(--color-card);color:var(--color-text);border:1px solid var(--color-border)}
button.oauth:hover{border-color:var(--color-muted)}
button.oauth img,button.oauth svg{width:20px;height:20px;flex:none}
.mark{fill:var(--mark)}
.theme-dark .mark{fill:var(--mark-dark)}
@media (prefers-color-scheme:dark){.theme-auto .mark{fill:var(--mark-dark)}}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
hr{border:0;border-top:1px solid var(--color-border);margin:20px 0}
.links{display:flex;justify-content:space-between;gap:8px;font-size:.9rem;margin:12px 0 0}.links a{color:var(--color-text)}.error{background:var(--color-error-bg);color:var(--color-error);border:1px solid var(--color-error);border-radius:6px;padding:10px 12px;margin-bottom:16px;text-align:center;font-size:.9rem}
a.button{display:block;text-align:center;margin-top:16px;padding:10px 12px;border-radius:6px;background:var(--brand-color);color:var(--button-text-color);text-decoration:none;font-weight:600}
a{color:var(--brand-color)}`
