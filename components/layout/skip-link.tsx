export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-white px-4 py-2 font-medium text-teal-900 shadow focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-10 dark:bg-stone-900 dark:text-teal-100"
    >
      Skip to content
    </a>
  );
}
