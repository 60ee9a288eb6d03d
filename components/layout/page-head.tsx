import Head from "next/head";
import { SITE_NAME, THEME_COLORS } from "./site-metadata";

type PageHeadProps = {
  /** The whole title, as the tab shows it. */
  title: string;
  description: string;
  /** Open Graph's title and description, for a page people share. */
  openGraph?: { title: string; description: string };
};

/**
 * The <head> of an adopters' page (Pages Router, docs/decisions/107): the same tags the App
 * Router's metadata writes for the staff console (app/layout.tsx), from the same constants.
 */
export function PageHead({ title, description, openGraph }: PageHeadProps) {
  return (
    <Head>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="application-name" content={SITE_NAME} />
      {openGraph ? (
        <>
          <meta property="og:title" content={openGraph.title} />
          <meta property="og:description" content={openGraph.description} />
          <meta property="og:site_name" content={SITE_NAME} />
          <meta property="og:type" content="website" />
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
