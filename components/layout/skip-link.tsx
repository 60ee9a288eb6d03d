/**
 * Hidden until focused; then it takes its own row above the header (in the flow, not
 * floating over it), so it never covers the logo or the navigation.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-white px-4 py-2 font-medium text-teal-900 shadow focus:not-sr-only focus:mx-4 focus:my-2 focus:self-start dark:bg-stone-900 dark:text-teal-100"
    >
      Skip to content
    </a>
  );
}
