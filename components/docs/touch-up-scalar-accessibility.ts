/**
 * Scalar's reference leaves a few controls unnamed or misnamed for assistive technology
 * (axe, 2026-11, @scalar/api-reference 1.72.1); these touch-ups run on every render.
 * Vue patches only attributes it binds, and only when their values change, so they stick.
 * Decision 104 lists them; drop each once Scalar fixes it.
 */
const TOUCH_UPS: [selector: string, fix: (element: Element) => void][] = [
  // Its name is hidden text that only shows while the code block is hovered (button-name).
  ["button.scalar-code-copy:not([aria-label])", (button) => button.setAttribute("aria-label", "Copy code")],
  // Labelled "Show all … endpoints" while it reads "Show More" (label-content-name-mismatch).
  [
    'button.show-more[aria-label^="Show all "]',
    (button) => button.setAttribute("aria-label", button.getAttribute("aria-label")!.replace("Show all", "Show more")),
  ],
  // Its phone-width header sits beside the site's own banner (landmark-no-duplicate-banner);
  // api-reference.css hides the title in it, which repeats the heading below.
  ["header:not([role])", (header) => header.setAttribute("role", "none")],
  // Each operation's "Example Responses" card is named by its tab list of statuses, so two
  // operations that answer the same statuses share one landmark name (landmark-unique).
  [
    '[role="region"][aria-label="Example Responses"][aria-labelledby]',
    (card) => {
      const operation = card.closest("section")?.querySelector("h1, h2, h3, h4")?.textContent?.trim();
      if (!operation) return;
      card.removeAttribute("aria-labelledby");
      card.setAttribute("aria-label", `Example responses: ${operation}`);
    },
  ],
  // The request dialog's "More Information" buttons carry role="none", which strips a focusable,
  // labelled button of its role (aria-allowed-role, aria-prohibited-attr, presentation-role-conflict).
  ['button[role="none"]', (button) => button.removeAttribute("role")],
  // The dialog's read-only code viewer (CodeMirror) is an unnamed textbox (aria-input-field-name)
  // whose scroller takes no focus (scrollable-region-focusable).
  [
    '.cm-content[role="textbox"]:not([aria-label])',
    (viewer) => {
      const area = viewer.closest("section[aria-label]")?.getAttribute("aria-label");
      viewer.setAttribute("aria-label", area ? `${area} body` : "Code");
    },
  ],
  [".cm-scroller:not([tabindex])", (scroller) => scroller.setAttribute("tabindex", "0")],
  // A copy button points aria-controls at an element that is not on the page (aria-valid-attr-value).
  [
    'button[class*="copy-button"][aria-controls]',
    (button) => {
      if (!document.getElementById(button.getAttribute("aria-controls")!)) button.removeAttribute("aria-controls");
    },
  ],
  // A tag's list of endpoints scrolls at phone width but takes no focus (scrollable-region-focusable).
  ['ul[aria-label$=" endpoints"]:not([tabindex])', (list) => list.setAttribute("tabindex", "0")],
];

export function touchUpScalarAccessibility(container: HTMLElement): () => void {
  const touchUp = () => {
    for (const [selector, fix] of TOUCH_UPS) for (const element of container.querySelectorAll(selector)) fix(element);
  };
  const observer = new MutationObserver(touchUp);
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}
