// @ts-check
// The mobile menu, written without React so that content pages can ship
// no framework JavaScript at all (docs/decisions/0005-static-pages-without-react.md). The
// header's markup comes from app/components/SiteHeader.tsx; this script only toggles it.
(() => {
  const button = document.querySelector(".site-header__toggle");
  const menu = document.getElementById(button?.getAttribute("aria-controls") ?? "");
  if (!(button instanceof HTMLButtonElement) || !menu) return;

  /** @param {boolean} open */
  const setOpen = (open) => {
    button.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("is-active", open);
  };
  const isOpen = () => button.getAttribute("aria-expanded") === "true";

  button.addEventListener("click", () => setOpen(!isOpen()));
  // Choosing any link closes the menu, whether the page reloads or the router navigates.
  menu.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen()) {
      setOpen(false);
      button.focus();
    }
  });
  window.addEventListener("popstate", () => setOpen(false));
})();

// The language list opens without script (a <details>); here it also closes as menus do, with
// Escape or a click elsewhere.
(() => {
  const languages = document.querySelector(".language-switcher");
  if (!(languages instanceof HTMLDetailsElement)) return;
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !languages.open) return;
    languages.open = false;
    languages.querySelector("summary")?.focus();
  });
  document.addEventListener("click", (event) => {
    if (languages.open && event.target instanceof Node && !languages.contains(event.target)) languages.open = false;
  });
})();
