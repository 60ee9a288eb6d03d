import type { AnyPart, Op, Part, PartPlan, UnitOfWork } from "./part";
import type { PartStates } from "./part-states";

/** Each op's answer: a value, or the refusal it earned (refusals write nothing). */
export type Outcome = { value: unknown } | { error: Error };

/**
 * One unit of work: the ops of one group commit, of any parts, decided one after another
 * against memory plus the ops before them, written with one write and one fdatasync, and
 * applied only once durable, all or nothing (docs/decisions/245). Of 50 orders for one pet
 * in one batch, the first is placed and the other 49 are refused. Nothing in memory changes
 * until apply(), so a batch the disk refused leaves no trace but burnt ids.
 */
export class Batch implements UnitOfWork {
  /** The lines to append, in op order (the commit record is added by the caller). */
  readonly lines: string[] = [];
  private readonly effects: (() => void)[] = [];
  private readonly undos: (() => void)[] = [];
  /** By the part's name, as the states are (./part-states.ts): a bundle's copy of a part finds the batch's plan. */
  private readonly plans = new Map<string, PartPlan>();
  private readonly ordered: PartPlan[] = [];
  private fold: (() => Promise<void>) | undefined;

  constructor(
    private readonly states: PartStates,
    /** The batch's time (ISO 8601): every record it writes says this one. */
    readonly now: string,
  ) {
    // Every part's plan (one may make another's first, to use it), kept in registry order:
    // each sees each op begin and finish in that order.
    for (const part of states.parts) if (part.plan) this.ordered.push(this.plan(part));
  }

  /**
   * Writes a line and what it does to memory once durable (the same as replaying it). Encode
   * the line before deciding anything else: an encoder refuses a record the reader would refuse.
   */
  write(line: string, effect: () => void): void {
    this.lines.push(line);
    this.effects.push(effect);
  }

  /** Undoes a change to a plan's view of the batch, should the op that made it be refused. */
  remember(undo: () => void): void {
    this.undos.push(undo);
  }

  /** A part's state in memory, to read, or to change in an effect. */
  stateOf<State, Plan extends PartPlan>(part: Part<State, Plan>): State {
    return this.states.of(part as AnyPart) as State;
  }

  /** The part's plan for this batch, for a part's op that needs another's. */
  plan<State, Plan extends PartPlan>(part: Part<State, Plan>): Plan {
    let plan = this.plans.get(part.name);
    if (!plan) {
      plan = part.plan?.(this.states.of(part), this);
      if (!plan) throw new Error(`part ${part.name} plans nothing`);
      this.plans.set(part.name, plan);
    }
    return plan as Plan;
  }

  /** Asks for a fold once the batch is durable (call it in PartPlan.applied): every journal so far folded into a snapshot. */
  requestFold(): Promise<void> {
    if (!this.fold) throw new Error("a fold is asked for only once the batch is durable");
    return this.fold();
  }

  /** Decides the ops, each by the part `partOf` names, and returns their outcomes. */
  decide(ops: readonly Op[], partOf: (op: Op) => AnyPart): Outcome[] {
    // Only the plans that take part in every op (hooks looked up once a batch, not once an op).
    const starting = this.ordered.filter((plan) => plan.start);
    const finishing = this.ordered.filter((plan) => plan.finish);
    return ops.map((op) => {
      const lines = this.lines.length;
      const undos = this.undos.length;
      try {
        for (const plan of starting) plan.start?.(op);
        const plan = this.plan(partOf(op));
        if (!plan.decide) throw new Error(`part ${partOf(op).name} decides no ops`);
        let value = plan.decide(op);
        for (const finisher of finishing) value = finisher.finish?.(op, value);
        return { value };
      } catch (error) {
        // A refused op takes all it wrote with it, its answer's line included.
        this.lines.length = lines;
        this.effects.length = lines;
        for (const undo of this.undos.splice(undos).reverse()) undo();
        return { error: error as Error };
      }
    });
  }

  /** Runs the batch's effects in line order; call only once its lines are durable. */
  apply(fold: () => Promise<void>): void {
    for (const plan of this.ordered) plan.applying?.();
    for (const effect of this.effects) effect();
    this.fold = fold;
    for (const plan of this.ordered) plan.applied?.();
  }
}
