/** A promise kept in a later task: the browser may paint and answer input between the parts of a long piece of work. */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve));
