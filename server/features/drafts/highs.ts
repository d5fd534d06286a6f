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
  /** Proven optimal within the relative gap tolerance. */
  optimal: boolean;
  /** The relative gap between the best solution found and the best bound (0 when proven). */
  gap: number;
  /** The names of the binary variables set to 1. */
  chosen: Set<string>;
  ms: number;
}

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

/** Solves an LP-format model; throws when HiGHS finds no solution at all. */
export function solveLp(highs: Highs, lp: string, timeLimitS: number): SolveResult {
  const started = performance.now();
  const model = highs.createModel({ format: 'lp', data: lp });
  try {
    model.options.set({ output_flag: false, time_limit: timeLimitS, mip_rel_gap: MIP_REL_GAP, random_seed: 1 });
    model.run();
    const status = model.getModelStatus() as number;
    const values = WITH_INCUMBENT.has(status) ? model.getSolution().colValue : null;
    if (!values || (status !== OPTIMAL && !Number.isFinite(model.getObjectiveValue()))) {
      throw new Error(`the solver found no schedule (HiGHS status ${status})`);
    }
    const chosen = new Set<string>();
    for (let i = 0; i < values.length; i++) {
      if (values[i]! > 0.5) chosen.add(model.getColName(i));
    }
    const reported = Number(model.info.get('mip_gap'));
    const gap = status === OPTIMAL ? 0 : Number.isFinite(reported) ? reported : 1;
    return { optimal: status === OPTIMAL, gap, chosen, ms: Math.round(performance.now() - started) };
  } finally {
    model.dispose();
  }
}
