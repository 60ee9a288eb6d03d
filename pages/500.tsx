import type { PageConfig } from "next";
import { ErrorMessage, tryAgainClass } from "@/components/layout/error-message";
import { PageHead } from "@/components/layout/page-head";
import { siteTitle } from "@/components/layout/site-metadata";

/** No framework in the browser, like the pages that fail into it (docs/decisions/107). */
export const config: PageConfig = { unstable_runtimeJS: false };

/**
 * What an adopters' page answers when it fails to render (the store was unreachable, for
 * instance): the App Router's error.tsx, without a script. Built once at build time, so it
 * cannot know the address; an empty href is the current address, query included.
 */
export default function ServerError() {
  return (
    <>
      <PageHead title={siteTitle("Something went wrong")} description="The animals could not be loaded just now." />
      <ErrorMessage>
        <a href="" className={tryAgainClass}>
          Try again
        </a>
      </ErrorMessage>
    </>
  );
}
