// Applies the remembered display theme (localStorage `theme`, dark by default) before the first paint:
// the page's one script before its first paint, which the build puts inline in index.html
// (vite.config.ts) and the server's Content-Security-Policy allows by its sha256
// (app/pageHints.ts); `vite dev` loads it as this file.
try {
  var scheme = window.localStorage.getItem("theme");
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme === "light" ? "light" : "dark");
} catch (e) {
  /* storage disabled: stay dark */
}
