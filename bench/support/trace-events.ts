/**
 * The Chrome trace events the bench tools read (bench/profile-page.ts, bench/support/trace-tasks.ts),
 * and the V8 profile nodes they carry.
 */

export interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      frame?: string;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** The thread an event ran on, as `pid:tid`. */
export const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;

/** The thread (`pid:tid`) with the most RunTask time among `events`, of the threads `among` keeps. */
export function busiestThread(events: readonly TraceEvent[], among: (thread: string) => boolean = () => true) {
  const taskTime = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.dur && among(threadOf(e)))
      taskTime.set(threadOf(e), (taskTime.get(threadOf(e)) ?? 0) + e.dur);
  return [...taskTime].sort((a, b) => b[1] - a[1])[0]?.[0];
}
