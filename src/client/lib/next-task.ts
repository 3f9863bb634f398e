/** A promise kept in a later task: the browser may paint and answer input between the parts of a long piece of work. */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Runs `run` in a task after the next frame has been drawn (a frame callback runs before that frame's style, layout
 * and paint; a task queued from it runs after them), so what it does finds the page's style and layout already
 * computed. Returns the cancel function.
 */
export const afterNextPaint = (run: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};
