import Head from "next/head";
import { SITE_NAME, THEME_COLORS } from "./site-metadata";

type PageHeadProps = {
  /** The whole title, as the tab shows it. */
  title: string;
  description: string;
  /** Open Graph's title and description, for a page people share. */
  openGraph?: OpenGraph;
  /** `noindex` for a page search engines should not list. */
  robots?: string;
};

type OpenGraph = {
  title: string;
  description: string;
  /** The page's and the image's absolute addresses, when the site's origin is known (lib/gallery/site-origin.ts). */
  url?: string;
  image?: { url: string; width: number; height: number; alt: string };
};

/**
 * The <head> of an adopters' page (Pages Router, docs/decisions/107): the same tags the App
 * Router's metadata writes for the staff console (app/layout.tsx), from the same constants.
 */
export function PageHead({ title, description, openGraph, robots }: PageHeadProps) {
  return (
    <Head>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="application-name" content={SITE_NAME} />
      {robots ? <meta name="robots" content={robots} /> : null}
      {openGraph ? (
        <>
          <meta property="og:title" content={openGraph.title} />
          <meta property="og:description" content={openGraph.description} />
          <meta property="og:site_name" content={SITE_NAME} />
          <meta property="og:type" content="website" />
          {openGraph.url ? <meta property="og:url" content={openGraph.url} /> : null}
          {openGraph.image ? (
            <>
              <meta property="og:image" content={openGraph.image.url} />
              <meta property="og:image:width" content={String(openGraph.image.width)} />
              <meta property="og:image:height" content={String(openGraph.image.height)} />
              <meta property="og:image:alt" content={openGraph.image.alt} />
              <meta name="twitter:card" content="summary_large_image" />
            </>
          ) : null}
        </>
      ) : null}
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      {THEME_COLORS.map(({ media, color }) => (
        <meta key={media} name="theme-color" media={media} content={color} />
      ))}
      <link rel="icon" href="/icon.svg" type="image/svg+xml" sizes="any" />
    </Head>
  );
}
