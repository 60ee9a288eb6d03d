// @ts-check
/**
 * The gallery's category filter, enhanced (docs/decisions/150). Without this file the filter
 * is a GET form with a "Show this category" button. With it, a choice opens its address at
 * once, the same address the button opens, and focus comes back to the choice on the new
 * page, so a keyboard user stepping through the categories keeps their place.
 */

// A module script (category-filter.tsx loads it as one): its names stay out of the page's globals.
export {};

const FOCUS_KEY = "gallery-category-focus";
const form = document.querySelector("form[data-category-filter]");
const select = form?.querySelector("select");

if (form instanceof HTMLFormElement && select instanceof HTMLSelectElement) {
  if (remembered()) select.focus();
  select.addEventListener("change", () => {
    remember();
    // "All categories" is plain `/`, as the gallery writes it (galleryHref).
    location.assign(select.value ? `/?category=${encodeURIComponent(select.value)}` : "/");
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
