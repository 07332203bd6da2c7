// @ts-check
// The price pages (rates, airports, hotels) are server HTML that works with links and GET forms
// alone (docs/decisions/0028-price-pages-as-html.md). This module only makes them quicker to use:
// - `[data-tabs]`: a list of links to each tab's own address becomes the WAI-ARIA tabs pattern,
//   switching panels in place and keeping the chosen tab in the address;
// - `[data-choice]`: choosing a tab or a radio button that names a choice shows every
//   `[data-variants]` element of each `[data-choice-scope]` in that choice's form;
// - `form[data-submit-on-change]`: a new value submits the form, says so in its loading panel and
//   gives the focus back to the same control on the next page;
// - `[data-rates-draft]`: choosing a price keeps the rates-side draft in the browser's storage;
// - `img[data-fallback-src]`: a picture that fails to load shows its fallback.

/** The control to focus once the page a change asked for has loaded. */
const FOCUS_KEY = "price-pages:focus";

/**
 * Every `[data-variants]` element in `scope` takes the attributes of `choice`; `text` is its text.
 * @param {ParentNode} scope
 * @param {string} choice
 */
export function applyVariants(scope, choice) {
  for (const element of scope.querySelectorAll("[data-variants]")) {
    /** @type {Record<string, Record<string, string>>} */
    const variants = JSON.parse(element.getAttribute("data-variants") ?? "{}");
    const attributes = variants[choice];
    if (!attributes) continue;
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "text") element.textContent = value;
      else element.setAttribute(name, value);
    }
  }
}

/**
 * Shows `choice` in every scope that offers it: a scope whose radio for it is disabled (Orly has
 * no shuttle) keeps its own.
 * @param {Document} doc
 * @param {string} choice
 */
export function choose(doc, choice) {
  for (const scope of doc.querySelectorAll("[data-choice-scope]")) {
    const radios = [...scope.querySelectorAll("input[type=radio][data-choice]")].filter((r) => r instanceof HTMLInputElement);
    const radio = radios.find((r) => r.value === choice);
    if (radios.length > 0 && (!radio || radio.disabled)) continue;
    if (radio) radio.checked = true;
    applyVariants(scope, choice);
  }
}

/**
 * The links of a `[data-tabs]` block become tabs: one tab stop, arrows, Home and End move the
 * selection (automatic activation), and the address follows the selected tab.
 * @param {Document} doc
 * @param {Element} block
 */
export function enhanceTabs(doc, block) {
  const list = block.querySelector(".tabs__list");
  const tabs = [...block.querySelectorAll("a.tabs__tab")].filter((a) => a instanceof HTMLAnchorElement);
  if (!list || tabs.length === 0) return;
  const panelOf = (/** @type {HTMLAnchorElement} */ tab) => doc.getElementById(tab.getAttribute("data-panel") ?? "");

  list.setAttribute("role", "tablist");
  for (const item of list.children) item.setAttribute("role", "presentation");
  for (const tab of tabs) {
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", tab.getAttribute("data-panel") ?? "");
    const panel = panelOf(tab);
    panel?.setAttribute("role", "tabpanel");
    panel?.setAttribute("aria-labelledby", tab.id);
  }

  /** @param {HTMLAnchorElement} selected */
  const show = (selected) => {
    for (const tab of tabs) {
      const on = tab === selected;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      tab.removeAttribute("aria-current");
      const panel = panelOf(tab);
      if (panel instanceof HTMLElement) panel.hidden = !on;
    }
  };
  /** @param {HTMLAnchorElement} tab */
  const select = (tab) => {
    show(tab);
    history.replaceState(history.state, "", tab.href);
    const choice = tab.getAttribute("data-choice");
    if (choice) choose(doc, choice);
  };

  const initial = tabs.find((tab) => tab.getAttribute("aria-current") === "page") ?? tabs[0];
  if (initial) show(initial);
  tabs.forEach((tab, index) => {
    tab.addEventListener("click", (event) => {
      event.preventDefault();
      select(tab);
    });
    tab.addEventListener("keydown", (event) => {
      const last = tabs.length - 1;
      /** @type {Record<string, number>} */
      const moves = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
      const next = tabs[moves[event.key] ?? -1];
      if (!next) return;
      event.preventDefault();
      select(next);
      next.focus();
    });
  });
}

/**
 * What a GET form would send.
 * @param {HTMLFormElement} form
 */
function formQuery(form) {
  return new URLSearchParams(/** @type {Record<string, string>} */ (Object.fromEntries(new FormData(form))));
}

/**
 * A radio button naming a choice shows it at once; the address keeps it, as the form would.
 * @param {Document} doc
 * @param {HTMLInputElement} radio
 */
function enhanceChoiceRadio(doc, radio) {
  radio.addEventListener("change", () => {
    if (!radio.checked) return;
    choose(doc, radio.value);
    const form = radio.form;
    if (form) {
      history.replaceState(history.state, "", `${form.action}?${formQuery(form)}`);
    }
  });
}

/**
 * A new value submits the form. On a new departure the arrival asked for is the one the page was
 * opened with (`data-arrival-wanted`), not the one the previous departure fell back to.
 * @param {Document} doc
 * @param {HTMLFormElement} form
 */
function enhanceSubmitOnChange(doc, form) {
  form.addEventListener("change", (event) => {
    const control = event.target;
    if (!(control instanceof HTMLSelectElement)) return;
    const query = formQuery(form);
    const wanted = form.getAttribute("data-arrival-wanted");
    if (control.name === "from" && wanted !== null) query.set("to", wanted);
    const panel = doc.querySelector("[data-loading-text]");
    if (panel) panel.textContent = panel.getAttribute("data-loading-text");
    try {
      sessionStorage.setItem(FOCUS_KEY, control.id);
    } catch {
      // Storage disabled: the next page simply starts at its top.
    }
    location.assign(`${form.action}?${query}`);
  });
}

/**
 * Choosing a price keeps the rates-side draft (party code and both price tables) in the browser.
 * @param {Document} doc
 * @param {Element} block
 */
function enhanceRatesDraft(doc, block) {
  /** @type {{ key: string, partyField: string, tables: Record<string, unknown> }} */
  const draft = JSON.parse(block.textContent ?? "{}");
  doc.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-party]") : null;
    if (!link) return;
    try {
      localStorage.setItem(draft.key, JSON.stringify({ [draft.partyField]: link.getAttribute("data-party"), ...draft.tables }));
    } catch {
      // Storage full or disabled (private browsing): the booking link still carries everything.
    }
  });
}

/** @param {HTMLImageElement} img */
function enhanceFallbackImage(img) {
  const fallback = () => {
    const src = img.getAttribute("data-fallback-src");
    if (src && img.getAttribute("src") !== src) img.src = src;
  };
  // An image that failed before this module ran fired its error event before anyone listened.
  if (img.complete && img.naturalWidth === 0) fallback();
  else img.addEventListener("error", fallback, { once: true });
}

/** @param {Document} doc */
export function enhancePricePages(doc) {
  for (const block of doc.querySelectorAll("[data-tabs]")) enhanceTabs(doc, block);
  for (const radio of doc.querySelectorAll("input[type=radio][data-choice]")) {
    if (radio instanceof HTMLInputElement) enhanceChoiceRadio(doc, radio);
  }
  for (const form of doc.querySelectorAll("form[data-submit-on-change]")) {
    if (form instanceof HTMLFormElement) enhanceSubmitOnChange(doc, form);
  }
  // With the script, a change applies at once: the buttons that apply it without one are not needed.
  for (const button of doc.querySelectorAll("[data-without-script]")) {
    if (button instanceof HTMLElement) button.hidden = true;
  }
  const draft = doc.querySelector("script[data-rates-draft]");
  if (draft) enhanceRatesDraft(doc, draft);
  for (const img of doc.querySelectorAll("img[data-fallback-src]")) {
    if (img instanceof HTMLImageElement) enhanceFallbackImage(img);
  }
  let focusId = null;
  try {
    focusId = sessionStorage.getItem(FOCUS_KEY);
    sessionStorage.removeItem(FOCUS_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  const focused = focusId ? doc.getElementById(focusId) : null;
  if (focused instanceof HTMLElement) focused.focus();
}

enhancePricePages(document);
