// A tournament's page follows the tournament while it goes on: every `data-refresh` seconds,
// while the tab is in view, it reads the page again and shows it in place if anything changed,
// the crosstable kept where it was scrolled to. A finished tournament's page stops.
"use strict";
(() => {
  const every = Number(document.getElementById("tournament")?.dataset.refresh) * 1000;
  if (!every) return;
  let shown = document.getElementById("tournament").innerHTML;

  async function refresh() {
    if (!document.hidden) {
      try {
        const response = await fetch(location.href, { cache: "no-store" });
        if (response.ok) {
          const page = new DOMParser().parseFromString(await response.text(), "text/html");
          const fresh = page.getElementById("tournament");
          if (fresh && fresh.innerHTML !== shown) {
            const left = document.querySelector(".crosstable")?.scrollLeft ?? 0;
            document.getElementById("tournament").replaceWith(fresh);
            shown = fresh.innerHTML;
            const table = document.querySelector(".crosstable");
            if (table) table.scrollLeft = left;
          }
          if (!fresh?.dataset.refresh) return;
        }
      } catch {
        // Out of reach for a moment (a restart, the network): the next try may reach it.
      }
    }
    setTimeout(refresh, every);
  }

  setTimeout(refresh, every);
})();
