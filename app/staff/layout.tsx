import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

/** React Query serves the staff console only; the adopters' pages do without it. */
export default function StaffLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
