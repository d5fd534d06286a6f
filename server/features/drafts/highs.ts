import * as highsModule from 'highs';

/**
 * HiGHS (MIT), compiled to WebAssembly: the mixed-integer solver of the draft schedule
 * (docs/decisions/0050-draft-schedule.md). Its solve blocks the thread: the server calls it only in
 * the solver's worker thread; unit tests call it directly.
 */
// The package's types describe its CommonJS entry, where the loader is `default` of the module
// object; Node loads its ES module entry, whose default export is the loader itself.
type Loader = typeof highsModule.default.default;
export type Highs = Awaited<ReturnType<Loader>>;
const entry = highsModule.default as unknown as Loader & { default?: Loader };
const highsLoader: Loader = entry.default ?? entry;

export const loadHighs = (): Promise<Highs> => highsLoader();

export interface SolveResult {
  /** Every level proven optimal within the relative gap tolerance. */
  optimal: boolean;
  /** The relative gap of the first level not proven optimal (0 when all are). */
  gap: number;
  /** The names of the binary variables set to 1. */
  chosen: Set<string>;
  ms: number;
  /** Each level's value, as solved. */
  levels: number[];
}

/** One objective of a lexicographic solve: a coefficient per named column (others 0), maximised. */
export type ObjectiveLevel = ReadonlyMap<string, number>;

/** HiGHS's model statuses (highs.constants.modelStatus) that may carry a solution. */
const OPTIMAL = 7;
const WITH_INCUMBENT = new Set([
  OPTIMAL,
  13 /* time limit */,
  14 /* iteration limit */,
  16 /* solution limit */,
  17 /* interrupt */,
]);
/** HiGHS's default: a solution within 0.01% of the bound counts as optimal. */
export const MIP_REL_GAP = 1e-4;

/**
 * Maximises `levels` in order (docs/decisions/0050-draft-schedule.md): each level is solved with
 * the earlier ones held at the values found (a row `level >= value`), starting from the previous
 * level's solution, within one time limit for all. Weighting the levels into one objective
 * instead made the solver's numbers so far apart that it had not proven the placements in 60 s;
 * placements alone were proven in seconds. The LP text gives the constraints and the columns; its
 * own objective is replaced by the levels (kept when there are none). Throws when HiGHS finds no
 * solution at all.
 */
export function solveLp(
  highs: Highs,
  lp: string,
  timeLimitS: number,
  levels: readonly ObjectiveLevel[] = [],
): SolveResult {
  const started = performance.now();
  const model = highs.createModel({ format: 'lp', data: lp });
  try {
    const { numCols } = model.getDimensions();
    const names = Array.from({ length: numCols }, (_, i) => model.getColName(i));
    const all = { kind: 'range', from: 0, to: numCols - 1 } as const;
    let values: Float64Array | null = null;
    let optimal = true;
    let gap = 0;
    const solved: number[] = [];
    const stages: (ObjectiveLevel | null)[] = levels.length > 0 ? [...levels] : [null];
    for (const [i, level] of stages.entries()) {
      const remaining = timeLimitS - (performance.now() - started) / 1000;
      if (remaining <= 0.5) break;
      const costs = new Float64Array(numCols);
      if (level) {
        names.forEach((name, col) => (costs[col] = level.get(name) ?? 0));
        model.changeColsCost(all, costs);
        model.changeObjectiveSense(highs.constants.objectiveSense.maximize);
      }
      model.options.set({ output_flag: false, time_limit: remaining, mip_rel_gap: MIP_REL_GAP, random_seed: 1 });
      if (values) model.setSolution({ colValue: values });
      model.run();
      const status = model.getModelStatus() as number;
      if (!WITH_INCUMBENT.has(status) || (status !== OPTIMAL && !Number.isFinite(model.getObjectiveValue()))) {
        if (values) break; // keep the previous level's schedule
        throw new Error(`the solver found no schedule (HiGHS status ${status})`);
      }
      values = Float64Array.from(model.getSolution().colValue);
      const value = model.getObjectiveValue();
      solved.push(value);
      if (status !== OPTIMAL && optimal) {
        optimal = false;
        const reported = Number(model.info.get('mip_gap'));
        gap = Number.isFinite(reported) ? reported : 1;
      }
      if (i < stages.length - 1) {
        // Hold this level at what was found (its coefficients are integers: no rounding slack).
        const indices: number[] = [];
        const coefficients: number[] = [];
        costs.forEach((c, col) => {
          if (c !== 0) {
            indices.push(col);
            coefficients.push(c);
          }
        });
        if (indices.length > 0)
          model.addRow(Math.round(value) - 1e-6, highs.infinity, { indices, values: coefficients });
      }
    }
    if (!values) throw new Error('the solver had no time to find a schedule');
    const chosen = new Set<string>();
    for (let i = 0; i < values.length; i++) if (values[i]! > 0.5) chosen.add(names[i]!);
    return { optimal, gap, chosen, ms: Math.round(performance.now() - started), levels: solved };
  } finally {
    model.dispose();
  }
}
