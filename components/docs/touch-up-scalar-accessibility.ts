/**
 * Scalar's reference leaves a few controls unnamed or misnamed for assistive technology
 * (axe, 2026-11, @scalar/api-reference 1.72.1); these touch-ups run on every render.
 * Vue patches only attributes it binds, and only when their values change, so they stick.
 * Decisions 104 and 154 list them; drop each once Scalar fixes it.
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
  // A tag's list of endpoints scrolls at phone width but takes no focus (scrollable-region-focusable).
  ['ul[aria-label$=" endpoints"]:not([tabindex])', (list) => list.setAttribute("tabindex", "0")],
  // The request dialog's fields are comboboxes (for {{variables}}) that say "aria-expanded: true"
  // while their list is open and drop the attribute when it closes (aria-required-attr). Scalar
  // still sets "true" on opening; this says "false" whenever it is absent.
  ['[role="combobox"]:not([aria-expanded])', (box) => box.setAttribute("aria-expanded", "false")],
  // The dialog's "More Information" buttons open a popover but say role="none" while they
  // carry a label (aria-allowed-role, aria-prohibited-attr, presentation-role-conflict).
  ['button[role="none"][aria-label]', (button) => button.removeAttribute("role")],
];

const BEHIND_THE_DIALOG = "data-inert-behind-dialog";

/**
 * The request dialog is modal (`aria-modal`), but the reference behind it stays exposed: the
 * page has two main landmarks and two notification regions while it is open
 * (landmark-no-duplicate-main, landmark-unique). Everything of the reference outside the
 * dialog is made inert while it is open, as a modal dialog's background should be, and given
 * back when it closes. The dialog's own backdrop (its sibling) stays clickable.
 */
function inertBehindTheDialog(container: HTMLElement) {
  const dialog = container.querySelector('.scalar-client--open > [role="dialog"]');
  const behind = new Set<Element>();
  for (let node = dialog?.parentElement; node && node !== container; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) if (sibling !== node) behind.add(sibling);
  }
  for (const element of container.querySelectorAll(`[${BEHIND_THE_DIALOG}]`)) {
    if (!behind.has(element)) {
      element.removeAttribute("inert");
      element.removeAttribute(BEHIND_THE_DIALOG);
    }
  }
  for (const element of behind) {
    if (!element.hasAttribute(BEHIND_THE_DIALOG)) {
      element.setAttribute("inert", "");
      element.setAttribute(BEHIND_THE_DIALOG, "");
    }
  }
}

export function touchUpScalarAccessibility(container: HTMLElement): () => void {
  const touchUp = () => {
    for (const [selector, fix] of TOUCH_UPS) for (const element of container.querySelectorAll(selector)) fix(element);
    inertBehindTheDialog(container);
  };
  const observer = new MutationObserver(touchUp);
  // Classes say when the dialog opens; aria-expanded, when a combobox's list has closed; role,
  // when a popover button is given role="none" again (its field was invalid, then valid).
  observer.observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["class", "aria-expanded", "role"],
  });
  return () => observer.disconnect();
}
