import { PawIcon } from "@/components/pets/paw-icon";
import { NavLink } from "./nav-link";

export function SiteHeader() {
  return (
    <header className="border-b border-stone-200 bg-white/80 dark:border-stone-800 dark:bg-stone-900/60">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="flex items-center gap-2 rounded text-lg font-semibold tracking-tight">
          <PawIcon className="size-7 text-teal-700 dark:text-teal-300" />
          Pet Store
        </a>
        <nav aria-label="Main">
          <ul className="flex items-center gap-1 sm:gap-2">
            <li>
              <NavLink href="/">Adopt</NavLink>
            </li>
            <li>
              <NavLink href="/staff">Staff</NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
