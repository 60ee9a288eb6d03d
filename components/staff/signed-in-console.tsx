"use client";

import { useEffect, useRef } from "react";
import { secondaryButton } from "@/components/ui/styles";
import { NewPetForm } from "./new-pet-form";
import { PetList } from "./pet-list";

type Props = {
  apiKey: string;
  /** True when the person just signed in here, false after a signed-in reload. */
  arrivedFromSignIn: boolean;
  onSignOut: () => void;
  onUnauthorized: () => void;
};

export function SignedInConsole({ apiKey, arrivedFromSignIn, onSignOut, onUnauthorized }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);

  // Arriving from the sign-in form, whose button just disappeared: put focus somewhere useful.
  // Not after a reload: nobody asked for focus then, and Chromium would draw its ring.
  useEffect(() => {
    if (arrivedFromSignIn && document.activeElement === document.body) heading.current?.focus();
  }, [arrivedFromSignIn]);

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold">
          Signed in as staff
        </h2>
        <button type="button" onClick={onSignOut} className={secondaryButton}>
          Sign out
        </button>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <NewPetForm apiKey={apiKey} onUnauthorized={onUnauthorized} />
        <PetList apiKey={apiKey} onUnauthorized={onUnauthorized} />
      </div>
    </div>
  );
}
