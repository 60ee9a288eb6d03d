"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { galleryPetsOptions } from "@/lib/react-query/gallery-queries";
import { EmptyGallery } from "./empty-gallery";
import { PetCard } from "./pet-card";

/**
 * Available pets, hydrated from the server's prefetch. "Show more" is a GET form to
 * `/?after=<cursor>`, so it works without JavaScript; with JavaScript it appends the
 * next page in place and moves focus to the first new animal.
 */
export function Gallery({ after }: { after?: string }) {
  const query = useInfiniteQuery(galleryPetsOptions(after));
  const pets = query.data?.pages.flatMap((page) => page.pets) ?? [];
  const nextCursor = query.data?.pages.at(-1)?.nextCursor ?? null;
  const [announcement, setAnnouncement] = useState("");
  // Index of the first animal of the page being fetched; focused once that page renders.
  const focusFrom = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  // The button may vanish with the last page; focus goes to what the person asked for.
  useEffect(() => {
    if (focusFrom.current === null || pets.length <= focusFrom.current) return;
    list.current?.children[focusFrom.current]?.querySelector<HTMLElement>("h3")?.focus();
    focusFrom.current = null;
  }, [pets.length]);

  async function showMore(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (query.isFetchingNextPage) return;
    const shownBefore = pets.length;
    focusFrom.current = shownBefore;
    const result = await query.fetchNextPage();
    const shownNow = result.data?.pages.reduce((count, page) => count + page.pets.length, 0) ?? shownBefore;
    if (shownNow > shownBefore) setAnnouncement(`Showing ${shownNow} animals.`);
    else focusFrom.current = null;
  }

  if (pets.length === 0) return <EmptyGallery />;

  return (
    <>
      <ul ref={list} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Available animals">
        {pets.map((pet) => (
          <li key={pet.id}>
            <PetCard pet={pet} />
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-6 text-center text-red-800 dark:text-red-300">
          More animals could not be loaded. Please try again.
        </p>
      ) : null}
      {nextCursor ? (
        <form action="/" method="get" onSubmit={showMore} className="mt-8 flex justify-center">
          <input type="hidden" name="after" value={nextCursor} />
          <button
            type="submit"
            disabled={query.isFetchingNextPage}
            className="min-w-44 rounded-full bg-teal-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-teal-800 disabled:cursor-wait disabled:opacity-80 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200"
          >
            {query.isFetchingNextPage ? "Loading…" : "Show more"}
          </button>
        </form>
      ) : null}
    </>
  );
}
