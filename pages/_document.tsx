import Document, { Head, Html, Main, NextScript, type DocumentContext } from "next/document";
import { siteBodyClass } from "@/components/layout/site-frame";
import { requestNonce } from "@/lib/request-nonce";

type Props = { nonce: string | null; styleNonce: string | null };

/**
 * The adopters' pages' document (docs/decisions/107). In production they load no script of
 * Next's (`unstable_runtimeJS: false`); `next dev` still loads its own, which carry the nonce.
 */
export default function PetStoreDocument({ nonce, styleNonce }: Props) {
  return (
    <Html lang="en">
      <Head nonce={styleNonce ?? undefined} />
      <body className={siteBodyClass}>
        <Main />
        <NextScript nonce={nonce ?? undefined} />
      </body>
    </Html>
  );
}

/** Pages whose HTML must be the same from one request to the next, so Next's ETag (its hash) revalidates. */
const SAME_EVERY_TIME = new Set(["/stats"]);

PetStoreDocument.getInitialProps = async (context: DocumentContext) => {
  const nonce = requestNonce(context.req);
  return {
    ...(await Document.getInitialProps(context)),
    nonce,
    // The head's nonce only marks its stylesheet links, which CSP's style-src 'self' admits
    // without one; /stats leaves it out to stay byte-identical (docs/decisions/269).
    styleNonce: SAME_EVERY_TIME.has(context.pathname) ? null : nonce,
  };
};
