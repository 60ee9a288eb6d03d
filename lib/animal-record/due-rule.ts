import { DueBeforeGivenError } from "./record-errors";

/*
 * A next due date comes after the day the treatment was given: a due day on or before it
 * would put the entry on the overdue list the moment it is saved. One rule, read by the
 * schemas (a 400 naming the field) and by the rules that compute or correct a due day.
 */

export function dueProblem(givenOn: string, nextDue: string): string | undefined {
  return nextDue > givenOn ? undefined : "must be after the day it was given";
}

export function checkDue(givenOn: string, nextDue: string | undefined): void {
  if (nextDue !== undefined && dueProblem(givenOn, nextDue)) throw new DueBeforeGivenError();
}
