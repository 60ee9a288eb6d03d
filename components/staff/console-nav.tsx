import Link from "next/link";
import type { Scope } from "@/lib/keys/scopes";

/** The console's other views, each shown to those who may use it: one list, one rule. */
const VIEWS: readonly { href: string; label: string; shownTo: Scope | "people" }[] = [
  { href: "/staff/orders", label: "Orders", shownTo: "orders:read" },
  { href: "/staff/applications", label: "Applications", shownTo: "applications:read" },
  { href: "/staff/medical", label: "Due treatments", shownTo: "medical:read" },
  { href: "/staff/stats", label: "Statistics", shownTo: "pets:read" },
  { href: "/staff/record-settings", label: "Record settings", shownTo: "pets:read" },
  { href: "/staff/webhooks", label: "Webhooks", shownTo: "webhooks:read" },
  { href: "/staff/people", label: "People", shownTo: "people:read" },
  { href: "/staff/activity", label: "Activity", shownTo: "audit:read" },
  { href: "/staff/keys", label: "API keys", shownTo: "keys:read" },
  { href: "/staff/account", label: "Your account", shownTo: "people" },
];

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

/** `person`: signed in with an account (a key holder has no account view). */
export function ConsoleNav({ scopes, person }: { scopes: readonly string[]; person: boolean }) {
  const shown = VIEWS.filter((view) => (view.shownTo === "people" ? person : scopes.includes(view.shownTo)));
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Staff console" className="mb-6">
      <ul className="flex flex-wrap gap-6">
        {shown.map((view) => (
          <li key={view.href}>
            <Link href={view.href} className={linkStyle}>
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
