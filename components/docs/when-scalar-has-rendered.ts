/**
 * Calls `then` once, in the task in which Scalar's reference has the document: its <main>
 * exists from its mount, labelled "API documentation for " with no title and empty until the
 * document has loaded; then the label names the document's title (or a heading appears).
 * A MutationObserver's callback runs before the browser paints, so whatever `then` hides or
 * shows is never seen half-way. Answers a function that stops watching.
 */
export function whenScalarHasRendered(container: HTMLElement, then: () => void): () => void {
  const observer = new MutationObserver(() => {
    const main = container.querySelector("main");
    const titled = main && !/ for $/.test(main.getAttribute("aria-label") ?? " for ");
    if (!titled && !main?.querySelector("h1, h2")) return;
    observer.disconnect();
    then();
  });
  observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-label"] });
  return () => observer.disconnect();
}
