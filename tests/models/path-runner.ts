import { isFollowOn, type MachinePath, type PathStep } from './machine-paths';

/**
 * How one UI makes a machine's path happen and checks it: the Vitest UI path tests drive the
 * rendered app on a fake API, `npm run replay` drives Chromium against the real server. Both walk
 * the same registered paths with this runner.
 */
export interface PathDriver {
  /** Opens the UI where the machine starts. */
  start(path: MachinePath): Promise<void>;
  /** Makes a user step or a server push happen. */
  perform(step: PathStep, path: MachinePath): Promise<void>;
  /** Before the step that calls the server: makes the server give this answer. */
  arrange(step: PathStep, path: MachinePath): Promise<void>;
  /** Waits until a step that follows on its own has happened (its answer came, its delay passed). */
  settle?(step: PathStep, path: MachinePath): Promise<unknown>;
  /** Checks what the screen shows for the state the step reached. */
  check(step: PathStep, path: MachinePath): Promise<void>;
}

export type StepVerdict =
  /** The screen showed the state the path expects. */
  | 'passed'
  /** The machine was waiting for the server here: the screen is not at rest, so nothing is checked. */
  | 'passing through'
  | 'failed'
  /** A step before it failed. */
  | 'not reached';

export interface StepReport {
  step: PathStep;
  verdict: StepVerdict;
  error?: unknown;
}

/** Hears each step's verdict as it comes (the replay's report takes its screenshot here). */
export type StepListener = (report: StepReport) => void | Promise<void>;

/** A driven step and the server answers and delays that follow on from it. */
interface Segment {
  driven: PathStep;
  followOns: PathStep[];
}

const segmentsOf = (path: MachinePath): Segment[] =>
  path.steps.reduce<Segment[]>((segments, step) => {
    const last = segments.at(-1);
    if (last && isFollowOn(step)) last.followOns.push(step);
    else segments.push({ driven: step, followOns: [] });
    return segments;
  }, []);

export class PathReplayError extends Error {
  constructor(
    readonly path: MachinePath,
    readonly failedStep: PathStep,
    override readonly cause: unknown,
  ) {
    super(
      `${path.machine} ${path.id} failed at step ${failedStep.index} (${failedStep.label}), expecting ${failedStep.state.text}:\n` +
        `${cause instanceof Error ? cause.message : String(cause)}\npath: ${path.description}`,
    );
  }
}

/** Replays `path` through `driver`; throws a PathReplayError naming the first step that failed. */
export const replayPath = async (path: MachinePath, driver: PathDriver, listener?: StepListener): Promise<StepReport[]> => {
  const reports: StepReport[] = [];
  const report = async (entry: StepReport) => {
    reports.push(entry);
    await listener?.(entry);
  };
  const checked = async (step: PathStep, happen: () => Promise<void>) => {
    try {
      await happen();
      if (step.state.waitingFor === 'server') return report({ step, verdict: 'passing through' });
      await driver.check(step, path);
      await report({ step, verdict: 'passed' });
    } catch (error) {
      await report({ step, verdict: 'failed', error });
      for (const later of path.steps.slice(step.index + 1)) await report({ step: later, verdict: 'not reached' });
      throw new PathReplayError(path, step, error);
    }
  };
  for (const { driven, followOns } of segmentsOf(path)) {
    await checked(driven, async () => {
      for (const step of followOns) if (step.kind === 'server') await driver.arrange(step, path);
      await (driven.kind === 'start' ? driver.start(path) : driver.perform(driven, path));
    });
    for (const step of followOns) {
      await checked(step, async () => {
        await driver.settle?.(step, path);
      });
    }
  }
  return reports;
};
