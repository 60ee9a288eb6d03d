import type { AppProps } from "next/app";
import { SiteFrame } from "@/components/layout/site-frame";
import { publicStatsShown } from "@/lib/gallery/adopter-reads";
import "@/app/globals.css";

/** The adopters' pages (Pages Router, docs/decisions/107) inside the site's one frame. */
export default function PetStoreApp({ Component, pageProps }: AppProps) {
  return (
    // Rendered on the server only: these pages load no client runtime (docs/decisions/107).
    <SiteFrame statsLink={publicStatsShown()}>
      <Component {...pageProps} />
    </SiteFrame>
  );
}
