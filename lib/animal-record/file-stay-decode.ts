import * as z from "zod";
import { isPositiveSafeInteger } from "@/lib/store/file/line-codec";
import { CorrectionReason, isCalendarDay } from "./fields";
import { INTAKE_CONDITIONS, INTAKE_SOURCE_KINDS, INTAKE_SUBTYPES, INTAKE_TYPES } from "./intake-types";
import { OUTCOME_SUBTYPES, OUTCOME_TYPES } from "./outcome-types";
import { IntakePersonal, OutcomePersonal, type Intake, type Outcome, type Stay } from "./stay-schemas";
import { PlacementPersonal, type FosterPlacement } from "./foster-schemas";
import { StayChangeEntry } from "./stay-history";

/*
 * A stay line's members checked by hand, as the pets' reader does (lib/pets/file-pet-record.ts):
 * an open reads every stay, and zod's parse of each made it several times slower
 * (docs/decisions/266). Accepts what `Stay` and `StayChangeEntry` accept, and builds the same
 * objects, members in the schemas' order (./file-stay-decode.test.ts holds it to that). A
 * personal part and a correction's reason are free text under zod's rules (trimmed, limited,
 * an e-mail address lowercased): when present they are still parsed by their schemas, as a
 * pet's profile is. Unchanged parts of consecutive lines are shared, frozen: see sharedIntake.
 */

/** The pattern of z.iso.datetime(), the stays' moments (./fields.ts Moment). */
const MOMENT = z.regexes.datetime({});

/** Each known word mapped to itself: a stay keeps the module's string, not one copy per line. */
const wordsOf = (words: Iterable<string>) => new Map([...words].map((word) => [word, word]));
const INTAKE_TYPE = wordsOf(INTAKE_TYPES);
const INTAKE_SUBTYPE = wordsOf(Object.values(INTAKE_SUBTYPES).flat());
const CONDITION = wordsOf(INTAKE_CONDITIONS);
const SOURCE_KIND = wordsOf(INTAKE_SOURCE_KINDS);
const OUTCOME_TYPE = wordsOf(OUTCOME_TYPES);
const OUTCOME_SUBTYPE = wordsOf(Object.values(OUTCOME_SUBTYPES).flat());
const CHANGE_PART = wordsOf(StayChangeEntry.shape.part.options);

/** What a stay without placements, or a line without history, holds: one array, frozen. */
export const NONE: readonly never[] = Object.freeze([]);

/** Refuses the line, naming the member that fails (never its value: it may name people). */
function refuse(member: string): never {
  throw new Error(`not a valid stay record: ${member}`);
}

type Members = Record<string, unknown>;
const isMembers = (value: unknown): value is Members =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function members(value: unknown, member: string): Members {
  if (!isMembers(value)) refuse(member);
  return value;
}

function word<T extends string>(table: Map<string, string>, value: unknown, member: string): T {
  const known = typeof value === "string" ? table.get(value) : undefined;
  if (known === undefined) refuse(member);
  return known as T;
}

function moment(value: unknown, member: string): string {
  if (typeof value !== "string" || !MOMENT.test(value)) refuse(member);
  return value;
}

function id(value: unknown, member: string): number {
  if (!isPositiveSafeInteger(value)) refuse(member);
  return value;
}

function day(value: unknown, member: string): string {
  if (!isCalendarDay(value)) refuse(member);
  return value;
}

/** A personal part or reason, by its schema (undefined when absent). */
function parsed<T>(schema: z.ZodType<T>, value: unknown, member: string): T | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) refuse(member);
  return result.data;
}

function intakeOf(value: unknown): Intake {
  const fields = members(value, "intake");
  const intake = { at: moment(fields.at, "intake.at") } as Intake;
  intake.type = word(INTAKE_TYPE, fields.type, "intake.type");
  if (fields.subtype !== undefined) intake.subtype = word(INTAKE_SUBTYPE, fields.subtype, "intake.subtype");
  intake.condition = word(CONDITION, fields.condition, "intake.condition");
  intake.sourceKind = word(SOURCE_KIND, fields.sourceKind, "intake.sourceKind");
  const personal = parsed(IntakePersonal, fields.personal, "intake.personal");
  if (personal !== undefined) intake.personal = personal;
  return intake;
}

function outcomeOf(value: unknown): Outcome {
  const fields = members(value, "outcome");
  const outcome = { at: moment(fields.at, "outcome.at") } as Outcome;
  outcome.type = word(OUTCOME_TYPE, fields.type, "outcome.type");
  if (fields.subtype !== undefined) outcome.subtype = word(OUTCOME_SUBTYPE, fields.subtype, "outcome.subtype");
  if (fields.orderId !== undefined) outcome.orderId = id(fields.orderId, "outcome.orderId");
  const personal = parsed(OutcomePersonal, fields.personal, "outcome.personal");
  if (personal !== undefined) outcome.personal = personal;
  return outcome;
}

function placementsOf(value: unknown): FosterPlacement[] {
  if (!Array.isArray(value)) refuse("placements");
  if (value.length === 0) return NONE as never[];
  return value.map((each: unknown) => {
    const fields = members(each, "placements");
    const placement: FosterPlacement = {
      id: id(fields.id, "placements.id"),
      from: day(fields.from, "placements.from"),
    };
    if (fields.until !== undefined) placement.until = day(fields.until, "placements.until");
    const personal = parsed(PlacementPersonal, fields.personal, "placements.personal");
    if (personal !== undefined) placement.personal = personal;
    return placement;
  });
}

function historyOf(value: unknown): StayChangeEntry[] {
  if (value === undefined) return NONE as never[];
  if (!Array.isArray(value)) refuse("history");
  return value.map((each: unknown) => {
    const fields = members(each, "history");
    const entry = { at: moment(fields.at, "history.at") } as StayChangeEntry;
    entry.part = word(CHANGE_PART, fields.part, "history.part");
    const changed = fields.fields;
    if (!Array.isArray(changed) || !changed.every((name) => typeof name === "string")) refuse("history.fields");
    entry.fields = changed as string[];
    if (fields.placementId !== undefined) entry.placementId = id(fields.placementId, "history.placementId");
    const reason = parsed(CorrectionReason, fields.reason, "history.reason");
    if (reason !== undefined) entry.reason = reason;
    if (fields.replacedPlaceholder !== undefined) {
      if (fields.replacedPlaceholder !== true) refuse("history.replacedPlaceholder");
      entry.replacedPlaceholder = true;
    }
    return entry;
  });
}

/** The last intake and outcome shared: stays written together (every pet's first stay) hold equal ones. */
let lastIntake: Intake | undefined;
let lastOutcome: Outcome | undefined;

/**
 * The intake, or an equal one a line before held: frozen, so no reader can change one stay's
 * part under another (the store hands out copies; the rules build new stays, never edit one).
 * Only parts without a personal part, which erasure would take out of one stay alone.
 */
function sharedIntake(intake: Intake): Intake {
  if (intake.personal !== undefined) return intake;
  const last = lastIntake;
  const same =
    last?.at === intake.at &&
    last.type === intake.type &&
    last.subtype === intake.subtype &&
    last.condition === intake.condition &&
    last.sourceKind === intake.sourceKind;
  return same ? last : (lastIntake = Object.freeze(intake));
}

function sharedOutcome(outcome: Outcome, intake: Intake): Outcome {
  if (outcome.at === intake.at) outcome.at = intake.at; // one string for both, as a first stay's adoption often has
  if (outcome.personal !== undefined) return outcome;
  const last = lastOutcome;
  const same =
    last?.at === outcome.at &&
    last.type === outcome.type &&
    last.subtype === outcome.subtype &&
    last.orderId === outcome.orderId;
  return same ? last : (lastOutcome = Object.freeze(outcome));
}

/** The stay and history a parsed stay line holds (the `stay` member is its id); throws when they are not valid. */
export function stayLineOf(fields: Members): { stay: Stay; history: StayChangeEntry[] } {
  const stayId = id(fields.stay, "stay");
  const petId = id(fields.petId, "petId");
  const intake = sharedIntake(intakeOf(fields.intake));
  const outcome = fields.outcome === undefined ? undefined : sharedOutcome(outcomeOf(fields.outcome), intake);
  const placements = placementsOf(fields.placements);
  const stay: Stay = outcome
    ? { id: stayId, petId, intake, outcome, placements }
    : { id: stayId, petId, intake, placements };
  return { stay, history: historyOf(fields.history) };
}
