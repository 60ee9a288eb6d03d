import Document, { Head, Html, Main, NextScript, type DocumentContext } from "next/document";
import { siteBodyClass } from "@/components/layout/site-frame";
import { requestNonce } from "@/lib/request-nonce";

type Props = { nonce: string | null };

/**
 * The adopters' pages' document (docs/decisions/107). In production they load no script of
 * Next's (`unstable_runtimeJS: false`); `next dev` still loads its own, which carry the nonce.
 */
export default function PetStoreDocument({ nonce }: Props) {
  return (
    <Html lang="en">
      <Head nonce={nonce ?? undefined} />
      <body className={siteBodyClass}>
        <Main />
        <NextScript nonce={nonce ?? undefined} />
      </body>
    </Html>
  );
}

PetStoreDocument.getInitialProps = async (context: DocumentContext) => ({
  ...(await Document.getInitialProps(context)),
  nonce: requestNonce(context.req),
});
