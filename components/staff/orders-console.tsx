"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "@/lib/api/api-error";
import { orderKeys, petKeys } from "@/lib/react-query/query-keys";
import { staffMeOptions } from "@/lib/react-query/staff-queries";
import { secondaryButton } from "@/components/ui/styles";
import { ConsoleSkeleton } from "./console-skeleton";
import { roleRefusal } from "./scope-words";
import { forgetNewPetDraft } from "./new-pet-draft";
import { OrderList } from "./order-list";
import { SignInForm } from "./sign-in-form";
import { forgetStaffKey, useStaffKey } from "./staff-session";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

/** The orders view uses the staff console's sign-in, shown in place to a signed-out visitor. */
export function OrdersConsole() {
  const apiKey = useStaffKey();
  const [signedOut, setSignedOut] = useState(false);
  if (apiKey === undefined) return <ConsoleSkeleton />;
  if (apiKey === null) {
    const notice = signedOut ? "You have signed out. The API key is forgotten." : null;
    return (
      <>
        <p role="status" className={notice ? "mb-4" : undefined}>
          {notice}
        </p>
        <SignInForm notice={notice} onSignedIn={() => {}} />
      </>
    );
  }
  return <SignedInOrders apiKey={apiKey} onSignedOut={() => setSignedOut(true)} />;
}

function SignedInOrders({ apiKey, onSignedOut }: { apiKey: string; onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  const me = useQuery(staffMeOptions(apiKey));
  // The key no longer works: forget it, as the staff console does, and the sign-in hint shows.
  const onUnauthorized = useCallback(
    ({ everywhere = false }: { everywhere?: boolean } = {}) => {
      forgetStaffKey({ everywhere });
      queryClient.removeQueries({ queryKey: petKeys.staff() });
      queryClient.removeQueries({ queryKey: orderKeys.all });
    },
    [queryClient],
  );
  const unauthorized = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  if (!me.data) return <ConsoleSkeleton />;
  const scopes = me.data.scopes;
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link href="/staff" className={linkStyle}>
          Back to the pets
        </Link>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            forgetNewPetDraft();
            onUnauthorized({ everywhere: true });
            onSignedOut();
          }}
        >
          Sign out
        </button>
      </div>
      {scopes.includes("orders:read") ? (
        <OrderList apiKey={apiKey} onUnauthorized={onUnauthorized} canWrite={scopes.includes("orders:write")} />
      ) : (
        <p>
          {me.data.role
            ? roleRefusal("orders:read", me.data.role)
            : `This key may not read orders (its scopes: ${scopes.join(", ")}).`}
        </p>
      )}
    </div>
  );
}
