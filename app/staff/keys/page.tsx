import type { Metadata } from "next";
import { KeysConsole } from "@/components/staff/keys-console";

export const metadata: Metadata = {
  title: "API keys · Staff console",
  description: "Shelter admins issue, list and revoke the API keys machines use.",
  robots: { index: false, follow: true },
};

export default function StaffKeysPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">API keys</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Keys for machines (a shop front, an integration): issue one with the scopes it needs, revoke it when it is no
          longer used.
        </p>
      </div>
      <KeysConsole />
    </>
  );
}
