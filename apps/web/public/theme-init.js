// Applies the remembered display theme (localStorage `theme`, dark by default) before the first paint.
// A file rather than an inline script: the server's Content-Security-Policy allows only 'self' scripts.
try {
  var scheme = window.localStorage.getItem("theme");
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme === "light" ? "light" : "dark");
} catch (e) {
  /* storage disabled: stay dark */
}
