"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
// Types only from gallery-page.ts: its zod schemas must stay out of the adopters' bundle.
import type { GalleryPage } from "@/lib/gallery/gallery-schemas";
import { galleryHref, galleryPageAnchor, parseGalleryPages } from "@/lib/gallery/gallery-url";
import { fetchGalleryPage } from "@/lib/react-query/gallery-queries";
import { PetCard } from "./pet-card";

type Props = {
  /** How many pages the server rendered, and how many animals they hold. */
  pages: number;
  count: number;
  nextCursor: string | null;
  /** The category shown, if one: "Show more" keeps it. */
  category?: number;
  names: [number, string][];
  children: ReactNode;
};

/**
 * The gallery's list and its "Show more" island. The server renders `pages` pages as
 * `children`; "Show more" is a GET form to `/?pages=N+1` that works without JavaScript.
 * With JavaScript it fetches only the next page, appends it, moves focus to the first new
 * animal and puts the same `/?pages=N+1` in the address bar (native pushState, which the
 * Next router follows), so reload, Back and Forward show what the address says.
 */
export function GalleryList({ pages, count, nextCursor, category, names, children }: Props) {
  const named = new Map(names);
  // Pages fetched here beyond the server's; Back hides them (the URL says fewer), Forward shows them again.
  const [fetched, setFetched] = useState<GalleryPage[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const focusPage = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const shownPages = parseGalleryPages(useSearchParams().get("pages") ?? undefined) ?? pages;
  const extra = fetched.slice(0, Math.max(0, shownPages - pages));
  const next = extra.length > 0 ? extra[extra.length - 1]!.nextCursor : nextCursor;

  useEffect(() => {
    if (focusPage.current === null) return;
    list.current?.querySelector<HTMLElement>(`#${galleryPageAnchor(focusPage.current)} a`)?.focus();
    focusPage.current = null;
  }, [extra.length]);

  async function showMore(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || !next) return;
    const page = pages + extra.length + 1;
    let added = fetched[extra.length];
    if (!added) {
      setLoading(true);
      setFailed(false);
      try {
        added = await fetchGalleryPage(next, category);
      } catch {
        setFailed(true);
        return;
      } finally {
        setLoading(false);
      }
      setFetched([...extra, added]);
    }
    if (added.pets.length === 0) return;
    focusPage.current = page;
    window.history.pushState(null, "", galleryHref(page, category));
    const shown = [...extra, added].reduce((total, { pets }) => total + pets.length, count);
    setAnnouncement(`Showing ${shown} animals.`);
  }

  return (
    <>
      <ul ref={list} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Available animals">
        {children}
        {extra.map((extraPage, index) =>
          extraPage.pets.map((pet, position) => (
            <li key={pet.id} id={position === 0 ? galleryPageAnchor(pages + index + 1) : undefined}>
              <PetCard pet={pet} categoryName={named.get(pet.categoryId)} />
            </li>
          )),
        )}
      </ul>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {failed ? (
        <p role="alert" className="mt-6 text-center text-red-800 dark:text-red-300">
          More animals could not be loaded. Please try again.
        </p>
      ) : null}
      {next ? (
        // The fragment survives a GET form's submission: without JavaScript the new page opens at its first animal.
        <form
          action={`/#${galleryPageAnchor(pages + extra.length + 1)}`}
          method="get"
          onSubmit={showMore}
          className="mt-8 flex justify-center"
        >
          {category !== undefined ? <input type="hidden" name="category" value={category} /> : null}
          <input type="hidden" name="pages" value={pages + extra.length + 1} />
          {/* aria-disabled, not disabled: a disabled button would drop keyboard focus to the body. */}
          <button
            type="submit"
            aria-disabled={loading || undefined}
            className="min-w-44 rounded-full bg-teal-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-teal-800 aria-disabled:cursor-wait aria-disabled:opacity-80 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200"
          >
            {loading ? "Loading…" : "Show more"}
          </button>
        </form>
      ) : null}
    </>
  );
}
