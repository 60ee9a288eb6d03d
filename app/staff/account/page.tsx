import type { Metadata } from "next";
import { AccountConsole } from "@/components/staff/account-console";

export const metadata: Metadata = {
  title: "Your account · Staff console",
  description: "Where you are signed in, signing out everywhere, and your password.",
  robots: { index: false, follow: false },
};

export default function StaffAccountPage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Your account</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">Where you are signed in, and your password.</p>
      </div>
      <AccountConsole />
    </>
  );
}
