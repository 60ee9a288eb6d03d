import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Gallery } from "@/components/gallery/gallery";
import { CategoryFilter } from "@/components/gallery/category-filter";
import { listCategoryNames } from "@/lib/gallery/category-names";
import { parseGalleryCategory, parseGalleryPages } from "@/lib/gallery/gallery-url";
import { listGalleryPages } from "@/lib/gallery/list-gallery-pages";

export const metadata: Metadata = {
  title: { absolute: "Pet Store · Animals available for adoption" },
  description:
    "Browse the cats, dogs and other animals available for adoption at the Pet Store, newest arrivals first.",
};

type HomeProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Home({ searchParams }: HomeProps) {
  // `pages` comes from "Show more" (with or without JavaScript). A mangled value, or the
  // older `after=<cursor>` links, send the visitor to the newest animals rather than to an
  // error page; a cursor is never read here, so no link can probe which animals exist.
  const { pages: pagesParam, after, category: categoryParam } = await searchParams;
  const pages = parseGalleryPages(pagesParam);
  const category = parseGalleryCategory(categoryParam);
  if (pages === undefined || after !== undefined || category === null) redirect("/");

  // A store failure throws to error.tsx instead of showing an empty gallery.
  const [page, names] = await Promise.all([listGalleryPages(pages, category), listCategoryNames()]);

  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Animals looking for a home</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Every animal here is available for adoption today, newest arrivals first. Come and meet them at the shelter.
        </p>
      </div>
      <h2 className="sr-only">Available animals</h2>
      <CategoryFilter names={names} current={category} />
      <Gallery page={page} pages={pages} category={category} names={names} />
    </>
  );
}
