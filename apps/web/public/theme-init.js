// Applies the remembered display theme (localStorage `theme`, dark by default) before the first paint.
// Part of the boot script (vite.routePreload.ts), which the build inlines into index.html and the
// server's Content-Security-Policy allows by its sha256 (platform/pageHints.ts); `vite dev` loads it as this file.
try {
  var scheme = window.localStorage.getItem("theme");
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme === "light" ? "light" : "dark");
} catch (e) {
  /* storage disabled: stay dark */
}
