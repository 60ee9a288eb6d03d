import type { Metadata } from "next";
import { WelcomeForm } from "@/components/staff/welcome-form";

export const metadata: Metadata = {
  title: "Welcome · Staff console",
  description: "Set the password of a staff account an admin invited you to, or create the first admin.",
  robots: { index: false, follow: false },
};

export default function StaffWelcomePage() {
  return (
    <>
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Welcome to the staff console</h1>
      </div>
      <WelcomeForm />
    </>
  );
}
