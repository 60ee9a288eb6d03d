import type { Metadata } from "next";
import { PeopleConsole } from "@/components/staff/people-console";

export const metadata: Metadata = {
  title: "People · Staff console",
  description: "Admins add staff accounts, change their roles, deactivate them and send new sign-in links.",
  robots: { index: false, follow: false },
};

export default function StaffPeoplePage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">People</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Who may sign in to the console, and with which role: add people, change roles, deactivate, send a new link.
        </p>
      </div>
      <PeopleConsole />
    </>
  );
}
