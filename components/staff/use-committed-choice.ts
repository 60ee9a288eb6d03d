"use client";

import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";

// Keys that step a closed <select> through its options, firing "change" at every step.
const STEP_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);
/** How long a keyboard choice rests before it counts, when neither Enter nor Tab confirms it. */
export const KEY_CHOICE_SETTLE_MS = 1000;

/**
 * Props for a <select> whose choice is committed once. A pick from the open list (mouse,
 * touch, or Enter in the list) commits at once. Stepping a closed select with the arrow
 * keys fires a change per option passed; those steps only show, and the choice is
 * committed on Enter, on leaving the select, or after a short rest, so All → Pending is
 * one history entry and one fetch, not two.
 */
export function useCommittedChoice(value: string, commit: (value: string) => void) {
  const [shown, setShown] = useState<string | null>(null);
  const steppedByKey = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function commitShown(next: string | null) {
    clearTimeout(timer.current);
    setShown(null);
    if (next !== null && next !== value) commit(next);
  }

  return {
    value: shown ?? value,
    onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
      if (event.key === "Enter") return commitShown(shown);
      // A typed letter jumps to an option, the same as an arrow step.
      steppedByKey.current = STEP_KEYS.has(event.key) || event.key.length === 1;
    },
    // The step's change has fired by now; a later change (a pick from the list) is no step.
    onKeyUp() {
      steppedByKey.current = false;
    },
    onChange(event: ChangeEvent<HTMLSelectElement>) {
      const next = event.target.value;
      if (!steppedByKey.current) return commitShown(next);
      setShown(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commitShown(next), KEY_CHOICE_SETTLE_MS);
    },
    onBlur() {
      steppedByKey.current = false;
      commitShown(shown);
    },
  };
}
