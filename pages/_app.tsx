import type { AppProps } from "next/app";
import { SiteFrame } from "@/components/layout/site-frame";
import "@/app/globals.css";

/** The adopters' pages (Pages Router, docs/decisions/107) inside the site's one frame. */
export default function PetStoreApp({ Component, pageProps }: AppProps) {
  return (
    <SiteFrame>
      <Component {...pageProps} />
    </SiteFrame>
  );
}
