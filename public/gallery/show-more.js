// @ts-check
/**
 * The gallery's "Show more", enhanced. The adopters' pages load no framework
 * (docs/decisions/107): without this file "Show more" is a GET form to `/?pages=N+1` that the
 * server renders in full. With it, that same address is fetched, only the animals not shown
 * yet are appended, focus moves to the first of them and the address goes into the history,
 * so reload, Back and Forward show what the address says. The markup comes from the server
 * (components/gallery/gallery.tsx, show-more.tsx); this file only moves it.
 */

// A module script (show-more.tsx loads it as one): its names stay out of the page's globals.
export {};

const form = document.querySelector("form[data-gallery-more]");
const list = document.querySelector("ul[data-gallery-list]");
const status = document.querySelector("[data-gallery-status]");
const failure = document.querySelector("[data-gallery-error]");
const button = form?.querySelector("button");
const pagesField = form?.querySelector("input[name=pages]");

if (
  form instanceof HTMLFormElement &&
  list instanceof HTMLUListElement &&
  status instanceof HTMLElement &&
  failure instanceof HTMLElement &&
  button instanceof HTMLButtonElement &&
  pagesField instanceof HTMLInputElement
) {
  enhance(form, list, status, failure, button, pagesField);
}

/**
 * @param {HTMLFormElement} form
 * @param {HTMLUListElement} list
 * @param {HTMLElement} status
 * @param {HTMLElement} failure
 * @param {HTMLButtonElement} button
 * @param {HTMLInputElement} pagesField
 */
function enhance(form, list, status, failure, button, pagesField) {
  /** How many pages the server rendered: this document never shows fewer. */
  const served = Number(pagesField.value) - 1;
  /** Pages fetched here (served + 1, served + 2, …), and whether another page follows each. */
  const fetched = new Map();
  let shown = served;
  let loading = false;

  /**
   * The gallery's address for `pages` pages, as the form would submit it (galleryHref).
   * @param {number} pages
   */
  function address(pages) {
    const params = new URLSearchParams();
    // The category and the adopters' filter, as the server wrote them into the form, in its order.
    for (const input of form.querySelectorAll("input[type=hidden]:not([name=pages])")) {
      if (input instanceof HTMLInputElement) params.append(input.name, input.value);
    }
    if (pages > 1) params.set("pages", String(pages));
    const query = params.toString();
    return query ? `/?${query}` : "/";
  }

  /**
   * Reads page `pages` from the server and keeps its new animals, hidden until shown.
   * @param {number} pages
   */
  async function load(pages) {
    loading = true;
    button.setAttribute("aria-disabled", "true");
    button.textContent = "Loading…";
    failure.hidden = true;
    try {
      const response = await fetch(address(pages), { headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(`The gallery answered ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      // By animal, not by position: animals added or adopted meanwhile shift the pages. The
      // path names the animal; the query only says which page its card was on.
      const present = new Set([...list.querySelectorAll("a")].map((link) => link.pathname));
      const added = [...(page.querySelector("ul[data-gallery-list]")?.children ?? [])].filter(
        (item) => !present.has(new URL(item.querySelector("a")?.getAttribute("href") ?? "/", location.href).pathname),
      );
      added.forEach((item, index) => {
        const copy = /** @type {HTMLElement} */ (document.importNode(item, true));
        // The page's anchor moves to its first new animal, as the server would place it.
        copy.id = index === 0 ? `page-${pages}` : "";
        if (!copy.id) copy.removeAttribute("id");
        copy.dataset.page = String(pages);
        copy.hidden = true;
        list.append(copy);
      });
      fetched.set(pages, added.length > 0 && page.querySelector("form[data-gallery-more]") !== null);
      return added.length > 0;
    } catch {
      failure.hidden = false;
      return false;
    } finally {
      loading = false;
      button.removeAttribute("aria-disabled");
      button.textContent = "Show more";
    }
  }

  /**
   * Shows the first `pages` pages and points the form at the one after them.
   * @param {number} pages
   */
  function show(pages) {
    shown = pages;
    for (const item of list.querySelectorAll("li[data-page]")) {
      if (item instanceof HTMLElement) item.hidden = Number(item.dataset.page) > pages;
    }
    form.hidden = pages > served && !fetched.get(pages);
    pagesField.value = String(pages + 1);
    form.setAttribute("action", `/#page-${pages + 1}`);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (loading) return;
    const pages = shown + 1;
    if (!fetched.has(pages) && !(await load(pages))) {
      // Nothing new to show: the form stays for a retry after a failure, goes when the list ended.
      form.hidden = fetched.has(pages);
      return;
    }
    show(pages);
    history.pushState(null, "", address(pages));
    /** @type {HTMLAnchorElement | null} */ (list.querySelector(`li[data-page="${pages}"] a`))?.focus();
    status.textContent = `Showing ${list.querySelectorAll("li:not([hidden])").length} animals.`;
  });

  // Back and Forward between the addresses pushed above: show what the address says.
  window.addEventListener("popstate", () => {
    const pages = Number(new URLSearchParams(location.search).get("pages") ?? "1");
    if (Number.isInteger(pages) && pages >= served && pages <= served + fetched.size) show(pages);
    else location.reload();
  });
}
