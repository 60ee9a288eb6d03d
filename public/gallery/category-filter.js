// @ts-check
/**
 * The gallery's category filter, enhanced (docs/decisions/150). Without this file the filter
 * is a GET form with a "Show these animals" button. With it, a category choice opens its
 * address at once, the address the button opens (empty fields left out, as galleryHref
 * writes it), and focus comes back to the choice on the new page, so a keyboard user
 * stepping through the categories keeps their place.
 */

// A module script (gallery-filters.tsx loads it as one): its names stay out of the page's globals.
export {};

const FOCUS_KEY = "gallery-category-focus";
const form = document.querySelector("form[data-category-filter]");
const select = form?.querySelector("select[name=category]");

if (form instanceof HTMLFormElement && select instanceof HTMLSelectElement) {
  if (remembered()) select.focus();
  select.addEventListener("change", () => {
    remember();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
    }
    const query = params.toString();
    // "All categories" and nothing else chosen is plain `/`, as the gallery writes it (galleryHref).
    location.assign(query ? `/?${query}` : "/");
  });
}

/** Notes, for the next page only, that the adopter was choosing a category. */
function remember() {
  try {
    sessionStorage.setItem(FOCUS_KEY, "1");
  } catch {
    // Storage refused (a private mode): the choice still applies, focus starts at the top.
  }
}

/** Whether the previous page asked for focus on the choice; asks only once. */
function remembered() {
  try {
    const asked = sessionStorage.getItem(FOCUS_KEY) === "1";
    sessionStorage.removeItem(FOCUS_KEY);
    return asked;
  } catch {
    return false;
  }
}
