/**
 * The built-in pages' stylesheet: plain CSS, light and dark, brand colours from the theme. A page
 * only an optional feature renders (second factor, passwords, account) adds its own rules in its
 * head, so apps without the feature do not carry them.
 */
export const styles = `
:root{--brand-color:#346df1;--button-text-color:#fff;--bg:#f5f5f7;--card:#fff;--text:#1f2328;--muted:#656d76;--border:#d0d7de;--error:#cf222e;--error-bg:#ffebe9;--focus:#0969da}
.theme-dark{--bg:#0d1117;--card:#161b22;--text:#e6edf3;--muted:#9198a1;--border:#3d444d;--error:#ff9492;--error-bg:#3c1e1e;--focus:#58a6ff}
@media (prefers-color-scheme:dark){.theme-auto{--bg:#0d1117;--card:#161b22;--text:#e6edf3;--muted:#9198a1;--border:#3d444d;--error:#ff9492;--error-bg:#3c1e1e;--focus:#58a6ff}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
.page{width:100%;max-width:380px;padding:24px}
.logo{display:block;max-height:64px;max-width:160px;margin:0 auto 16px}
.card{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:24px}
h1{font-size:1.25rem;margin:0 0 12px;text-align:center}
p{margin:0 0 16px;color:var(--muted);text-align:center}
form{margin:0}
.provider+.provider{margin-top:12px}
label{display:block;font-size:.875rem;font-weight:600;margin:12px 0 4px}
input{width:100%;padding:8px 10px;font-size:1rem;font-family:inherit;border:1px solid var(--border);border-radius:6px;background:var(--card);color:var(--text)}
button{width:100%;margin-top:16px;padding:10px 12px;font-size:1rem;font-weight:600;font-family:inherit;border:0;border-radius:6px;cursor:pointer;background:var(--brand-color);color:var(--button-text-color)}
button.oauth{display:flex;align-items:center;justify-content:center;gap:10px;background:var(--card);color:var(--text);border:1px solid var(--border)}
button.oauth:hover{border-color:var(--muted)}
button.oauth img,button.oauth svg{width:20px;height:20px;flex:none}
.mark{fill:var(--mark)}
.theme-dark .mark{fill:var(--mark-dark)}
@media (prefers-color-scheme:dark){.theme-auto .mark{fill:var(--mark-dark)}}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
hr{border:0;border-top:1px solid var(--border);margin:20px 0}
.links{display:flex;justify-content:space-between;gap:8px;font-size:.9rem;margin:12px 0 0}.links a{color:var(--text)}.error{background:var(--error-bg);color:var(--error);border:1px solid var(--error);border-radius:6px;padding:10px 12px;margin-bottom:16px;text-align:center;font-size:.9rem}
a.button{display:block;text-align:center;margin-top:16px;padding:10px 12px;border-radius:6px;background:var(--brand-color);color:var(--button-text-color);text-decoration:none;font-weight:600}
a{color:var(--brand-color)}`
