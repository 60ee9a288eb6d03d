import type { Metadata } from "next";
import { WebhooksConsole } from "@/components/staff/webhooks-console";

export const metadata: Metadata = {
  title: "Webhooks · Staff console",
  description: "Shelter staff see where events are sent, whether deliveries arrive, and send them again.",
  robots: { index: false, follow: true },
};

export default function StaffWebhooksPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Webhooks</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Where events are sent, how each delivery went: send a test, redeliver, rotate a secret.
        </p>
      </div>
      <WebhooksConsole />
    </>
  );
}
