/** Polls `check` every 50 ms until it holds; fails naming `what` after `timeoutMs`. */
export const waitFor = async (what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
