/**
 * Calls `then` once, in the task in which Scalar's reference shows the document: its <main>
 * exists from the start, but holds a heading only once the document has loaded and rendered.
 * A MutationObserver's callback runs before the browser paints, so whatever `then` hides is
 * never seen beside the reference. Answers a function that stops watching.
 */
export function whenScalarHasRendered(container: HTMLElement, then: () => void): () => void {
  const observer = new MutationObserver(() => {
    if (!container.querySelector("main :is(h1, h2)")) return;
    observer.disconnect();
    then();
  });
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}
