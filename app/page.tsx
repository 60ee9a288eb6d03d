import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Gallery } from "@/components/gallery/gallery";
import { listAvailablePets } from "@/lib/gallery/list-available-pets";
import { Cursor } from "@/lib/paging/cursor-param";
import { galleryPetsOptions } from "@/lib/react-query/gallery-queries";
import { getQueryClient } from "@/lib/react-query/get-query-client";
import { InvalidCursorError } from "@/lib/store/pet-store";

export const metadata: Metadata = {
  title: { absolute: "Pet Store · Animals available for adoption" },
  description:
    "Browse the cats, dogs and other animals available for adoption at the Pet Store, newest arrivals first.",
};

type HomeProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Home({ searchParams }: HomeProps) {
  // `after` comes from the "Show more" form when JavaScript is off; a stale or mangled
  // one sends the visitor to the newest animals rather than to an error page.
  const { after } = await searchParams;
  if (after !== undefined && !Cursor.safeParse(after).success) redirect("/");
  const cursor = after as string | undefined;

  const queryClient = getQueryClient();
  try {
    // fetch (not prefetch) so a store failure reaches error.tsx instead of an empty gallery.
    await queryClient.fetchInfiniteQuery(galleryPetsOptions(cursor, listAvailablePets));
  } catch (error) {
    if (error instanceof InvalidCursorError) redirect("/");
    throw error;
  }

  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {cursor ? "More animals looking for a home" : "Animals looking for a home"}
        </h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Every animal here is available for adoption today, newest arrivals first. Come and meet them at the shelter.
        </p>
        {cursor ? (
          <p className="mt-3">
            <Link href="/" className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200">
              Back to the newest arrivals
            </Link>
          </p>
        ) : null}
      </div>
      <h2 className="sr-only">Available animals</h2>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <Gallery after={cursor} />
      </HydrationBoundary>
    </>
  );
}
